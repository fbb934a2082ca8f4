import Foundation
import JourneyEngine
import Orchestrate
import Renderer
import ScreenSnapshots
import TerminalKit
import Testing

/// Callbacks → form fields → answers, with the screens checked as text snapshots.
struct FormTests {
    static func step(_ callbacks: String, header: String? = nil, stage: String? = nil) throws -> JourneyStep {
        var object = #"{"authId":"a","callbacks":[\#(callbacks)]"#
        if let header { object += #","header":"\#(header)""# }
        if let stage { object += #","stage":"\#(stage)""# }
        return try JourneyStep(json: JSONValue.parse(Data((object + "}").utf8)))
    }

    static let login = """
    {"type":"NameCallback","output":[{"name":"prompt","value":"User Name"}],"input":[{"name":"IDToken1","value":""}]},
    {"type":"PasswordCallback","output":[{"name":"prompt","value":"Password"}],"input":[{"name":"IDToken2","value":""}]}
    """

    static func screen(_ form: Form, width: Int = 80, height: Int = 24) -> Canvas {
        var canvas = Canvas(size: Size(width: width, height: height))
        form.render(into: &canvas, in: canvas.bounds)
        return canvas
    }

    static func type(_ text: String, into form: inout Form) {
        for character in text { _ = form.update(.character(character)) }
    }

    @Test func loginFormTypesMasksAndSubmits() throws {
        var form = Form(step: try Self.step(Self.login, header: "Sign In", stage: "UsernamePassword"))
        Self.type("demo", into: &form)
        _ = form.update(.tab)
        Self.type("pw!", into: &form)
        ScreenSizes.expectEach("login") { Self.screen(form, width: $0.width, height: $0.height) }
        assertScreenSnapshot(Self.screen(form, width: 40, height: 12), named: "login-40x12")
        guard case .submit(let answered) = form.update(.enter) else {
            Issue.record("Enter did not submit")
            return
        }
        #expect(answered.callbacks.map(\.value) == [.string("demo"), .string("pw!")])
    }

    @Test func choiceConfirmationAndFlagsWriteAMsTypes() throws {
        var form = Form(step: try Self.step("""
        {"type":"ChoiceCallback","output":[{"name":"prompt","value":"Choose a second factor"},{"name":"choices","value":["Email","SMS"]},{"name":"defaultChoice","value":0}],"input":[{"name":"IDToken1","value":""}]},
        {"type":"BooleanAttributeInputCallback","output":[{"name":"name","value":"m"},{"name":"prompt","value":"Send offers"},{"name":"required","value":false},{"name":"value","value":false}],"input":[{"name":"IDToken2","value":false},{"name":"IDToken2validateOnly","value":false}]},
        {"type":"ConfirmationCallback","output":[{"name":"prompt","value":""},{"name":"messageType","value":0},{"name":"options","value":["Send","Cancel"]},{"name":"optionType","value":-1},{"name":"defaultOption","value":0}],"input":[{"name":"IDToken3","value":0}]}
        """))
        _ = form.update(.down)
        _ = form.update(.character(" "))
        _ = form.update(.tab)
        _ = form.update(.character(" "))
        ScreenSizes.expectEach("choice-flag-buttons") { Self.screen(form, width: $0.width, height: $0.height) }
        _ = form.update(.tab)
        _ = form.update(.right)
        guard case .submit(let answered) = form.update(.enter) else {
            Issue.record("pressing a button did not submit")
            return
        }
        #expect(answered.callbacks.map(\.value) == [.int(1), .bool(true), .int(1)])
    }

    @Test func enterOnAFieldKeepsTheConfirmationsServerValue() throws {
        var form = Form(step: try Self.step("""
        {"type":"PollingWaitCallback","output":[{"name":"waitTime","value":"1000"},{"name":"message","value":"Waiting for response..."}]},
        {"type":"ConfirmationCallback","output":[{"name":"prompt","value":""},{"name":"messageType","value":0},{"name":"options","value":["Cancel"]},{"name":"optionType","value":-1},{"name":"defaultOption","value":0}],"input":[{"name":"IDToken2","value":100}]}
        """))
        assertScreenSnapshot(Self.screen(form, width: 60, height: 8), named: "polling-60x8")
        guard case .submit(let cancelled) = form.update(.enter) else {
            Issue.record("Cancel did not submit")
            return
        }
        #expect(cancelled.callbacks[1].value == .int(0))
    }

    @Test func validatedFieldsListPoliciesAndAskAMWhenLeft() throws {
        let page = """
        {"type":"ValidatedCreatePasswordCallback","output":[{"name":"echoOn","value":false},{"name":"policies","value":{"policies":[{"policyRequirements":["MIN_LENGTH"],"params":{"minLength":8}},{"policyRequirements":["AT_LEAST_X_NUMBERS"],"params":{"numNums":1}}]}},{"name":"failedPolicies","value":["{\\"policyRequirement\\":\\"MIN_LENGTH\\",\\"params\\":{\\"minLength\\":8}}"]},{"name":"validateOnly","value":false},{"name":"prompt","value":"Password"}],"input":[{"name":"IDToken1","value":""},{"name":"IDToken1validateOnly","value":false}]},
        {"type":"NameCallback","output":[{"name":"prompt","value":"Nickname"}],"input":[{"name":"IDToken2","value":""}]}
        """
        var form = Form(step: try Self.step(page))
        Self.type("short1", into: &form)
        ScreenSizes.expectEach("validated") { Self.screen(form, width: $0.width, height: $0.height) }
        guard case .validate(let probe) = form.update(.tab) else {
            Issue.record("leaving the field did not validate")
            return
        }
        #expect(probe.callbacks[0].input(role: "validateOnly")?.value == .bool(true))
        #expect(probe.callbacks[0].value == .string("short1"))
        // AM answers with the same page: what was typed stays.
        let again = Form(step: try Self.step(page), carrying: form)
        guard case .text(let field) = again.fields[0].widget else {
            Issue.record("not a text field")
            return
        }
        #expect(field.text == "short1")
        #expect(again.focus == 1)
    }

    @Test func securityQuestionsTermsAndNumbers() throws {
        var form = Form(step: try Self.step("""
        {"type":"KbaCreateCallback","output":[{"name":"prompt","value":"Select a security question"},{"name":"predefinedQuestions","value":["Favourite colour?","First employer?"]},{"name":"allowUserDefinedQuestions","value":true}],"input":[{"name":"IDToken1question","value":""},{"name":"IDToken1answer","value":""}]},
        {"type":"NumberAttributeInputCallback","output":[{"name":"name","value":"age"},{"name":"prompt","value":"Age"},{"name":"required","value":true}],"input":[{"name":"IDToken2","value":0},{"name":"IDToken2validateOnly","value":false}]},
        {"type":"TermsAndConditionsCallback","output":[{"name":"version","value":"1.0"},{"name":"terms","value":"Be nice.<br>Really."}],"input":[{"name":"IDToken3","value":false}]}
        """))
        _ = form.update(.down)
        _ = form.update(.character(" "))
        _ = form.update(.tab)
        _ = form.update(.tab)
        Self.type("ACME", into: &form)
        _ = form.update(.tab)
        _ = form.update(.backspace)
        Self.type("4x", into: &form)
        _ = form.update(.tab)
        _ = form.update(.tab)
        _ = form.update(.character(" "))
        assertScreenSnapshot(Self.screen(form, width: 70, height: 30), named: "kba-number-terms-70x30")
        guard case .problem(let message) = form.update(.enter) else {
            Issue.record("a bad number was accepted")
            return
        }
        #expect(message.contains("not a number"))
        _ = form.update(.backspace)
        guard case .submit(let answered) = form.update(.enter) else {
            Issue.record("did not submit")
            return
        }
        #expect(answered.callbacks[0].inputs.map(\.value) == [.string("First employer?"), .string("ACME")])
        #expect(answered.callbacks[1].value == .int(4))
        #expect(answered.callbacks[2].value == .bool(true))
    }

    @Test func deviceOnlyAndUnknownCallbacksAreHonestPanels() throws {
        let form = Form(step: try Self.step("""
        {"type":"DeviceBindingCallback","output":[{"name":"userId","value":"u"}],"input":[{"name":"IDToken1jws","value":""},{"name":"IDToken1clientError","value":""}]},
        {"type":"FancyCallback","output":[{"name":"x","value":1}],"input":[{"name":"IDToken2","value":"keep"}]}
        """))
        ScreenSizes.expectEach("unsupported", alsoWhenShort: "lines 1–3 of 3") { Self.screen(form, width: $0.width, height: $0.height) }
        guard case .success(let answered) = form.answeredStep() else {
            Issue.record("could not answer")
            return
        }
        #expect(answered.callbacks[0].input(role: "clientError")?.value == .string("Unsupported"))
        #expect(answered.callbacks[1].wireValue == form.step.callbacks[1].wireValue)
    }

    @Test func aCaptchaTakesAPastedTokenOrSendsTheSDKsAnswerWithoutOne() throws {
        let enterprise = #"{"type":"ReCaptchaEnterpriseCallback","output":[{"name":"recaptchaSiteKey","value":"6Ld"}],"input":[{"name":"IDToken1token","value":""},{"name":"IDToken1action","value":""},{"name":"IDToken1clientError","value":""},{"name":"IDToken1payload","value":""}]}"#
        let empty = Form(step: try Self.step(enterprise))
        guard case .success(let unanswered) = empty.answeredStep() else {
            Issue.record("could not answer")
            return
        }
        #expect(unanswered.callbacks[0].input(role: "clientError")?.value == .string("INVALID_CAPTCHA_TOKEN"))
        var form = Form(step: try Self.step(enterprise))
        Self.type("03AFcWeA-token", into: &form)
        guard case .submit(let answered) = form.update(.enter) else {
            Issue.record("did not submit")
            return
        }
        #expect(answered.callbacks[0].input(role: "token")?.value == .string("03AFcWeA-token"))
        #expect(answered.callbacks[0].input(role: "clientError")?.value == .string(""))
        #expect(!CanvasText.text(Self.screen(form, width: 80, height: 24)).contains("03AFcWeA-token"), "the token is masked")
    }

    @Test func rawJSONWrapsBetweenMembersAndShowsStringsAsSent() throws {
        let form = Form(step: try Self.step(#"""
        {"type":"FancyCallback","output":[{"name":"note","value":"a\",b:c"}],"input":[{"name":"IDToken1","value":"keep"}]}
        """#))
        let rows = CanvasText.text(Self.screen(form, width: 60, height: 16)).components(separatedBy: "\n")
        #expect(rows.contains { $0.contains(#"{"type": "FancyCallback", "output": [{"name": "note","#) })
        #expect(rows.contains { $0.contains(#""value": "a\",b:c"}], "input": [{"name": "IDToken1","#) })
    }

    @Test func aBrowserStepShowsTheAddressAndItsQRCodeAndTakesTheAddressTheBrowserLandedOn() throws {
        let address = "https://idp.example.com/authorize?client_id=am&state=abc123"
        var form = Form(step: try Self.step("""
        {"type":"RedirectCallback","output":[{"name":"redirectUrl","value":"\(address)"},{"name":"redirectMethod","value":"GET"},{"name":"trackingCookie","value":false}]}
        """))
        ScreenSizes.expectEach("browser-step") { Self.screen(form, width: $0.width, height: $0.height) }
        let screen = Self.screen(form, width: 80, height: 40)
        let text = CanvasText.text(screen)
        #expect(text.contains(address))
        #expect(text.contains("▀") || text.contains("▄"), "a QR code of the address")
        guard case .problem(let message) = form.update(.enter) else {
            Issue.record("an empty address was taken")
            return
        }
        #expect(message.contains("Paste the address the browser landed on"))
        Self.type("https://app.example.com/cb?code=c1&state=abc123", into: &form)
        guard case .browserReturn(let pasted) = form.update(.enter) else {
            Issue.record("the pasted address did not go on")
            return
        }
        #expect(pasted == "https://app.example.com/cb?code=c1&state=abc123")
    }

    @Test func aNativeSocialSignInTakesAPastedTokenAndItsType() throws {
        var form = Form(step: try Self.step("""
        {"type":"IdPCallback","output":[{"name":"provider","value":"google"},{"name":"clientId","value":"1234.apps.googleusercontent.com"},{"name":"redirectUri","value":"com.example.app:/oauth2redirect"},{"name":"scopes","value":["openid","email"]},{"name":"nonce","value":"n-0s1"},{"name":"acrValues","value":[]}],"input":[{"name":"IDToken1token","value":""},{"name":"IDToken1token_type","value":""}]}
        """))
        ScreenSizes.expectEach("idp-token") { Self.screen(form, width: $0.width, height: $0.height) }
        let screen = Self.screen(form, width: 80, height: 24)
        #expect(CanvasText.text(screen).contains("nonce         n-0s1"))
        guard case .problem(let message) = form.update(.enter) else {
            Issue.record("an empty token was sent")
            return
        }
        #expect(message.contains("Paste a token from the provider"))
        Self.type("ya29.access", into: &form)
        #expect(!CanvasText.text(Self.screen(form)).contains("ya29.access"), "the token is masked")
        _ = form.update(.tab)
        _ = form.update(.down)
        _ = form.update(.character(" "))
        guard case .submit(let answered) = form.update(.enter) else {
            Issue.record("did not submit")
            return
        }
        #expect(answered.callbacks[0].input(role: "token")?.value == .string("ya29.access"))
        #expect(answered.callbacks[0].input(role: "token_type")?.value == .string("access_token"))
    }

    @Test func aSAMLFormPostIsNamedAsSuch() throws {
        let form = Form(step: try Self.step("""
        {"type":"RedirectCallback","output":[{"name":"redirectUrl","value":"https://idp.example.com/sso"},{"name":"redirectMethod","value":"POST"}]}
        """))
        #expect(CanvasText.text(Self.screen(form, width: 80, height: 40)).contains("AM asks for a form POST (SAML)"))
    }

    @Test func registrationURIsBecomeAQRCodeAndScriptsAreNeverShownAsText() throws {
        let form = Form(step: try Self.step("""
        {"type":"TextOutputCallback","output":[{"name":"message","value":"Scan the QR code with your authenticator app."},{"name":"messageType","value":"0"}]},
        {"type":"TextOutputCallback","output":[{"name":"message","value":"window.QRCodeReader.createCode({text: 'otpauth'})"},{"name":"messageType","value":"4"}]},
        {"type":"HiddenValueCallback","output":[{"name":"value","value":"otpauth://totp/ForgeRock:demo?secret=JBSWY3DPEHPK3PXP&issuer=ForgeRock"},{"name":"id","value":"mfaDeviceRegistration"}],"input":[{"name":"IDToken3","value":"mfaDeviceRegistration"}]}
        """))
        let text = CanvasText.text(Self.screen(form, width: 80, height: 40))
        #expect(text.contains("▀") || text.contains("▄") || text.contains("█"))
        #expect(text.contains("otpauth://totp/ForgeRock:demo"))
        #expect(!text.contains("QRCodeReader"))
        #expect(text.contains("A browser script in this step was not run."))
    }

    @Test func serverTextCannotReachTheGridRaw() throws {
        let form = Form(step: try Self.step("""
        {"type":"NameCallback","output":[{"name":"prompt","value":"User\\u001b[2J Name"}],"input":[{"name":"IDToken1","value":"pre\\u001b]0;x\\u0007"}]}
        """, header: "Evil\\u009b31m"))
        let text = CanvasText.text(Self.screen(form))
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B })
    }
}
