import DaVinci
import Foundation
import Orchestrate
import Renderer
import ScreenSnapshots
import TerminalKit
import Testing

/// DaVinci collectors → the same widgets journey callbacks use → answers, with the screens
/// checked as text snapshots.
struct FlowFormTests {
    static func step(fields: String, extra: String = "") throws -> DaVinciStep {
        let json = """
        {"id":"n1","eventName":"continue","interactionId":"i1","_links":{"next":{"href":"https://p1.example/env/davinci/connections/c/capabilities/customForm"}},
         "form":{"name":"Sign On","description":"Sign on with your <b>username</b>.","components":{"fields":[\(fields)]}}\(extra)}
        """
        return try #require(DaVinciStep(json: try JSONValue.parse(Data(json.utf8))))
    }

    static let signOn = """
    {"type":"LABEL","content":"Welcome"},{"type":"ERROR_DISPLAY"},
    {"type":"TEXT","key":"username","label":"Username","required":true},
    {"type":"PASSWORD","key":"password","label":"Password","required":true},
    {"type":"SUBMIT_BUTTON","key":"submit","label":"Sign On"},
    {"type":"FLOW_LINK","key":"register","label":"Register","inputType":"ACTION"},
    {"type":"FLOW_LINK","key":"trouble","label":"Having trouble?","inputType":"ACTION"}
    """

    static let registration = """
    {"type":"TEXT","key":"user.email","label":"Email","required":true},
    {"type":"DROPDOWN","key":"user.country","label":"Country","required":true,"options":[{"label":"Canada","value":"CA"},{"label":"France","value":"FR"}]},
    {"type":"PHONE_NUMBER","key":"user.phone","label":"Phone","defaultCountryCode":"US"},
    {"type":"CHECKBOX","key":"consents","label":"Agreements","required":true,"options":[{"label":"Terms","value":"terms"},{"label":"News","value":"news"}]},
    {"type":"PASSWORD_VERIFY","key":"user.password","label":"Password","required":true},
    {"type":"PROTECT","key":"protect"},{"type":"HOLOGRAM","key":"future","label":"Something new"},
    {"type":"SUBMIT_BUTTON","key":"submit","label":"Create account"},
    {"type":"SOCIAL_LOGIN_BUTTON","key":"google","label":"Google","links":{"authenticate":{"href":"https://idp.example/auth"}}}
    """

    static func screen(_ form: FlowForm, width: Int = 80, height: Int = 24) -> Canvas {
        var canvas = Canvas(size: Size(width: width, height: height))
        form.render(into: &canvas, in: canvas.bounds)
        return canvas
    }

    static func type(_ text: String, into form: inout FlowForm) {
        for character in text { _ = form.update(.character(character)) }
    }

    @Test func aSignOnFormTypesMasksAndPressesTheSubmitButton() throws {
        var form = FlowForm(step: try Self.step(fields: Self.signOn))
        Self.type("demo", into: &form)
        _ = form.update(.tab)
        Self.type("Demo-pass1", into: &form)
        ScreenSizes.expectEach("davinci-sign-on") { Self.screen(form, width: $0.width, height: $0.height) }
        #expect(!CanvasText.text(Self.screen(form)).contains("Demo-pass1"), "the password is masked")
        guard case .submit(let answered, let pressing) = form.update(.enter) else {
            Issue.record("Enter did not submit")
            return
        }
        #expect(pressing == answered.defaultButton)
        let body = answered.answer(pressing: pressing)
        #expect(body["parameters"]?["data"]?["formData"] == .object(["username": .string("demo"), "password": .string("Demo-pass1")]))
    }

    @Test func aLinkInTheButtonRowLeavesTheFormWithoutItsAnswers() throws {
        var form = FlowForm(step: try Self.step(fields: Self.signOn))
        _ = form.update(.tab)
        _ = form.update(.tab)
        _ = form.update(.right)
        guard case .submit(let answered, let pressing) = form.update(.enter) else {
            Issue.record("the link was not pressed")
            return
        }
        #expect(pressing.map { answered.collectors[$0].key } == "register", "a link needs no answers")
        var empty = FlowForm(step: try Self.step(fields: Self.signOn))
        guard case .problem(let message) = empty.update(.enter) else {
            Issue.record("an empty form was sent")
            return
        }
        #expect(message == "Username is required.")
    }

    @Test func pingOnesMessagesStandBesideTheirFieldsAndTakeTheFocus() throws {
        var step = try Self.step(fields: Self.signOn)
        step = step.filled(["username": .text("demo")])
        step.fieldMessages = ["password": ["The provided password did not match provisioned password"]]
        step.formMessage = "Invalid username and/or password"
        var form = FlowForm(step: step)
        let screen = CanvasText.text(Self.screen(form))
        #expect(screen.contains("✗ Invalid username and/or password") && screen.contains("✗ The provided password did not match"))
        Self.type("again", into: &form)
        guard case .submit(let answered, _) = form.update(.enter) else {
            Issue.record("not submitted")
            return
        }
        #expect(answered.collectors.first { $0.key == "password" }?.value == .password("again", confirmation: "again"), "the focus was on the password")
    }

    @Test func registrationFieldsBecomeListsCheckboxesAndTwoPasswordEntries() throws {
        var form = FlowForm(step: try Self.step(fields: Self.registration, extra: #","passwordPolicy":{"length":{"min":8,"max":64}}"#))
        ScreenSizes.expectEach("davinci-registration") { Self.screen(form, width: $0.width, height: $0.height) }
        Self.type("new@example.com", into: &form)
        _ = form.update(.tab)
        _ = form.update(.down)            // the list: "(none)" → Canada
        _ = form.update(.down)            // → France
        _ = form.update(.character(" "))
        _ = form.update(.tab)             // country code (US)
        _ = form.update(.tab)
        Self.type("5551234", into: &form)
        _ = form.update(.tab)             // Terms
        _ = form.update(.character(" "))
        _ = form.update(.tab)             // News
        _ = form.update(.tab)             // password
        Self.type("Sturdy-pass9", into: &form)
        _ = form.update(.tab)
        Self.type("Sturdy-pass8", into: &form)
        guard case .problem(let mismatch) = form.update(.enter) else {
            Issue.record("two different passwords were sent")
            return
        }
        #expect(mismatch == "The two passwords are not the same.")
        _ = form.update(.tab)             // from the password (focused by the problem) to its confirmation
        _ = form.update(.backspace)
        Self.type("9", into: &form)
        guard case .submit(let answered, _) = form.update(.enter) else {
            Issue.record("not submitted")
            return
        }
        let formData = try #require(answered.answer(pressing: answered.defaultButton)["parameters"]?["data"]?["formData"])
        #expect(formData["user.country"] == .string("FR") && formData["consents"] == .array([.string("terms")]))
        #expect(formData["user.phone"] == .object(["countryCode": .string("US"), "phoneNumber": .string("5551234")]))
        #expect(formData["user.password"] == .string("Sturdy-pass9") && formData["protect"] == .string(""))
    }

    @Test func aSingleCheckboxIsABoxARequiredOneMustBeTickedAndItIsSentAsABoolean() throws {
        var form = FlowForm(step: try Self.step(fields: """
        {"type":"SINGLE_CHECKBOX","key":"acceptTerms","label":"I accept the terms","required":true,"inputType":"BOOLEAN","errorMessage":"Accept the terms to go on."},
        {"type":"SINGLE_CHECKBOX","key":"news","label":"Send me news","inputType":"BOOLEAN","appearance":"SWITCH"},
        {"type":"SUBMIT_BUTTON","key":"submit","label":"Continue"}
        """, extra: #","formData":{"value":{"news":true}}"#))
        let screen = CanvasText.text(Self.screen(form))
        #expect(screen.contains("[ ]▸I accept the terms *") && screen.contains("[x] Send me news"))
        guard case .problem(let message) = form.update(.enter) else {
            Issue.record("an unticked required box was sent")
            return
        }
        #expect(message == "Accept the terms to go on.")
        _ = form.update(.character(" "))     // tick the terms
        _ = form.update(.tab)
        _ = form.update(.character(" "))     // untick the news
        guard case .submit(let answered, let pressing) = form.update(.enter) else {
            Issue.record("not submitted")
            return
        }
        let formData = answered.answer(pressing: pressing)["parameters"]?["data"]?["formData"]
        #expect(formData == .object(["acceptTerms": .bool(true), "news": .bool(false)]))
    }

    @Test func aQRCodeIsDrawnWhenItIsTextAndItsKeyShownButAnImageIsNeverPrinted() throws {
        let text = FlowForm(step: try Self.step(fields: #"{"type":"QR_CODE","key":"qr","content":"otpauth://totp/Demo:carol?secret=MFRGGZDFMZTWQ2LK","fallbackText":"MFRGGZDFMZTWQ2LK"}"#))
        let drawn = CanvasText.text(Self.screen(text, width: 80, height: 40))
        #expect(drawn.contains("▀") && drawn.contains("enter the key by hand") && drawn.contains("MFRGGZDFMZTWQ2LK"))
        #expect(!drawn.contains("otpauth://"), "the QR code's content is drawn, not printed")
        let image = FlowForm(step: try Self.step(fields: #"{"type":"QR_CODE","key":"qr","content":"data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==","fallbackText":"ABCD-EFGH"}"#))
        let shown = CanvasText.text(Self.screen(image))
        #expect(shown.contains("The QR code is an image a terminal cannot show") && shown.contains("ABCD-EFGH"))
        #expect(!shown.contains("data:") && !shown.contains("iVBOR"))
    }

    @Test func aSocialButtonHandsTheFlowToABrowserWithoutCheckingTheFields() throws {
        var form = FlowForm(step: try Self.step(fields: #"{"type":"TEXT","key":"user.username","label":"Username","required":true},{"type":"SOCIAL_LOGIN_BUTTON","key":"google","label":"Google","links":{"authenticate":{"href":"https://idp.example/auth"}}}"#))
        _ = form.update(.tab)
        guard case .browser(_, let pressing) = form.update(.enter) else {
            Issue.record("the social button did not go to a browser")
            return
        }
        #expect(pressing == 1, "the button pressed, although the required username is empty")
    }
}

/// The page a DaVinci social sign-on shows while the person is in the browser.
struct FlowBrowserPageTests {
    static func page() throws -> FlowBrowserPage {
        let json = """
        {"id":"n1","eventName":"continue","interactionId":"i1",
         "_links":{"next":{"href":"https://p1.example/env/davinci/connections/c/capabilities/customForm"},
                   "continue":{"href":"https://p1.example/env/davinci/connections/c/capabilities/continue"}},
         "form":{"name":"Sign On","components":{"fields":[
          {"type":"SOCIAL_LOGIN_BUTTON","key":"google","label":"Sign on with Google","links":{"authenticate":{"href":"https://idp.example/auth?flow=i1"}}}]}}}
        """
        let step = try #require(DaVinciStep(json: try JSONValue.parse(Data(json.utf8))))
        let left = try #require(DaVinciBrowserStep(step: step, pressing: 0, pkce: .generate()))
        return FlowBrowserPage(step: left)
    }

    @Test func thePageShowsTheAddressItsQRCodeAndTakesThePastedAddress() throws {
        var page = try Self.page()
        ScreenSizes.expectEach("davinci-browser-step") { size in
            var canvas = Canvas(size: size)
            page.render(into: &canvas, in: canvas.bounds)
            return canvas
        }
        var canvas = Canvas(size: Size(width: 80, height: 40))
        page.render(into: &canvas, in: canvas.bounds)
        let drawn = CanvasText.text(canvas)
        #expect(drawn.contains("Sign on with Google") && drawn.contains("This sign-on goes on in a browser. Open (Esc then y copies it):"))
        #expect(drawn.contains("https://idp.example/auth?flow=i1") && drawn.contains("Address the browser landed on"))
        #expect(drawn.contains("▀") && drawn.contains("Or scan it with a phone."))
        guard case .problem(let message) = page.update(.enter) else {
            Issue.record("an empty field was taken")
            return
        }
        #expect(message.contains("continueToken"))
        for character in "https://app.example/cb?continueToken=abc" { #expect(page.update(.character(character)) == .handled) }
        #expect(page.update(.enter) == .landed("https://app.example/cb?continueToken=abc"))
        #expect(page.update(.escape) == .ignored, "Esc is the tab's: it leads to the commands")
    }
}

extension DaVinciStep {
    /// The step with `values` given to its collectors by key.
    func filled(_ values: [String: CollectorValue]) -> DaVinciStep {
        var step = self
        for index in step.collectors.indices {
            if let key = step.collectors[index].key, let value = values[key] { step.collectors[index].value = value }
        }
        return step
    }
}
