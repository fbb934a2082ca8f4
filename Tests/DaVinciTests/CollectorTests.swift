import DaVinci
import Foundation
import Orchestrate
import Testing

/// Forms shaped like the ones in Ping's DaVinci SDK tests (their mock data), decoded and
/// answered as the SDKs answer them.
@Suite struct CollectorTests {
    /// A form with every collector type (PingOne's field JSON; values from `formData.value`).
    static let everyField = """
    {"interactionId":"i-1","interactionToken":"t-1","eventName":"continue","id":"node-1",
     "_links":{"next":{"href":"https://auth.pingone.example/env/davinci/connections/c/capabilities/customForm"}},
     "form":{"name":"Everything","description":"all fields","category":"CUSTOM_FORM","components":{"fields":[
      {"type":"LABEL","content":"Welcome"},
      {"type":"ERROR_DISPLAY"},
      {"type":"TEXT","key":"user.username","label":"Username","required":true,"validation":{"regex":"^[^@]+@[^@]+\\\\.[^@]+$","errorMessage":"Must be valid email address"}},
      {"type":"PASSWORD","key":"password","label":"Password","required":true},
      {"type":"PASSWORD_VERIFY","key":"newPassword","label":"New password","verify":true},
      {"type":"SUBMIT_BUTTON","key":"submit","label":"Sign On"},
      {"type":"FLOW_LINK","key":"register","label":"Register","inputType":"ACTION"},
      {"type":"FLOW_BUTTON","key":"back","label":"Back"},
      {"type":"DROPDOWN","key":"dropdown","label":"Dropdown","inputType":"SINGLE_SELECT","options":[{"label":"One","value":"1"},{"label":"Two","value":"2"}]},
      {"type":"RADIO","key":"radio","label":"Radio","options":[{"label":"A","value":"a"}]},
      {"type":"COMBOBOX","key":"combo","label":"Combo","inputType":"MULTI_SELECT","options":[{"label":"X","value":"x"},{"label":"Y","value":"y"}]},
      {"type":"CHECKBOX","key":"check","label":"Check","options":[{"label":"C","value":"c"}]},
      {"type":"SINGLE_SELECT","key":"single","label":"Single","options":["s1","s2"]},
      {"type":"MULTI_SELECT","key":"multi","label":"Multi","options":["m1"]},
      {"type":"PHONE_NUMBER","key":"phone","label":"Phone","defaultCountryCode":"CA","validatePhoneNumber":true},
      {"type":"DEVICE_REGISTRATION","key":"register-device","label":"Add a device","options":[{"type":"EMAIL","title":"Email","description":"Get a code by email"},{"type":"SMS","title":"Text message"}]},
      {"type":"DEVICE_AUTHENTICATION","key":"use-device","label":"Pick a device","options":[{"type":"EMAIL","title":"Email","id":"dev-1","default":true,"description":"d***@example.com"}]},
      {"type":"SOCIAL_LOGIN_BUTTON","key":"google","label":"Google","idpType":"GOOGLE","links":{"authenticate":{"href":"https://auth.pingone.example/env/idp"}}},
      {"type":"PROTECT","key":"protect","behavioralDataCollection":true},
      {"type":"FIDO2","key":"fido","action":"REGISTER","required":true},
      {"type":"HOLOGRAM","key":"future","label":"Something new"},
      {"type":"QR_CODE","key":"qr","content":"data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==","fallbackText":"ABCD-EFGH"},
      {"type":"SINGLE_CHECKBOX","key":"terms","label":"I accept the terms","required":true,"inputType":"BOOLEAN","appearance":"CHECKBOX","errorMessage":"Accept the terms to go on.","richContent":{"content":"I accept the terms"}}
     ]}},
     "formData":{"value":{"user.username":"prefilled@example.com","dropdown":"2","combo":["y"],"phone":{"countryCode":"FR","phoneNumber":"612"}}},
     "passwordPolicy":{"name":"Standard","length":{"min":8,"max":255},"minCharacters":{"0123456789":1}}}
    """

    static func step() throws -> DaVinciStep {
        try #require(DaVinciStep(json: try JSONValue.parse(Data(everyField.utf8))))
    }

    @Test func everyTypeHasItsModel() throws {
        let step = try Self.step()
        let kinds = Dictionary(uniqueKeysWithValues: step.collectors.map { ($0.type, $0.kind) })
        #expect(kinds["TEXT"] == .text(TextValidation(pattern: "^[^@]+@[^@]+\\.[^@]+$", message: "Must be valid email address")))
        #expect(kinds["PASSWORD"] == .password(nil, verify: false))
        guard case .password(let policy?, verify: true)? = kinds["PASSWORD_VERIFY"] else { throw DaVinciError.cancelled }
        #expect(policy.rules == ["8 to 255 characters", "at least 1 of the digits"], "the flow's policy goes to PASSWORD_VERIFY")
        #expect(kinds["SUBMIT_BUTTON"] == .button(.submit) && kinds["FLOW_LINK"] == .button(.link) && kinds["FLOW_BUTTON"] == .button(.action))
        #expect(kinds["DROPDOWN"] == .singleSelect([CollectorOption(label: "One", value: "1"), CollectorOption(label: "Two", value: "2")], style: .dropdown))
        #expect(kinds["SINGLE_SELECT"] == .singleSelect([CollectorOption(label: "s1", value: "s1"), CollectorOption(label: "s2", value: "s2")], style: .list))
        #expect(kinds["CHECKBOX"] == .multiSelect([CollectorOption(label: "C", value: "c")], style: .checkbox))
        #expect(kinds["PHONE_NUMBER"] == .phoneNumber(defaultCountryCode: "CA"))
        #expect(kinds["SINGLE_CHECKBOX"] == .checkbox(errorMessage: "Accept the terms to go on."))
        #expect(kinds["QR_CODE"] == .qrCode(scannable: nil, fallbackText: "ABCD-EFGH"), "an image is not drawn, its key is kept")
        #expect(step.collectors.first { $0.type == "QR_CODE" }?.label == "", "a data: URI is never a label")
        #expect(kinds["LABEL"] == .label && kinds["ERROR_DISPLAY"] == .errorDisplay)
        #expect(kinds["SOCIAL_LOGIN_BUTTON"] == .socialLogin(url: URL(string: "https://auth.pingone.example/env/idp")))
        #expect(kinds["PROTECT"] == .protect && kinds["FIDO2"] == .fido2(registering: true), "answered as the SDKs do when the platform cannot")
        #expect(kinds["HOLOGRAM"] == .unknown)
        #expect(step.collectors.first { $0.type == "HOLOGRAM" }?.label == "Something new", "an unknown type keeps its label and key")
        #expect(step.defaultButton == step.collectors.firstIndex { $0.key == "submit" })
    }

    @Test func defaultsComeFromFormData() throws {
        let values = Dictionary(uniqueKeysWithValues: try Self.step().collectors.compactMap { collector in collector.key.map { ($0, collector.value) } })
        #expect(values["user.username"] == .text("prefilled@example.com"))
        #expect(values["dropdown"] == .choice("2") && values["combo"] == .choices(["y"]))
        #expect(values["phone"] == .phone(countryCode: "FR", number: "612"))
        #expect(values["use-device"] == .device("dev-1"), "the default device is chosen")
        #expect(values["password"] == .password("", confirmation: ""))
        #expect(values["terms"] == .checked(false), "a SINGLE_CHECKBOX without a default starts unticked")
    }

    @Test func aSingleCheckboxIsSentAsAJSONBooleanAndARequiredOneMustBeTicked() throws {
        var step = try Self.step().filled(["password": .password("Secret-1", confirmation: "")])
        #expect(step.answer(pressing: step.defaultButton)["parameters"]?["data"]?["formData"]?["terms"] == .bool(false))
        let terms = try #require(step.index(of: "terms"))
        #expect(step.collectors[terms].problem() == "Accept the terms to go on.", "the field's own errorMessage")
        step = step.filled(["terms": .checked(true)])
        #expect(step.collectors[terms].problem() == nil)
        #expect(step.problem() == nil, "a required FIDO2 field is answered with the SDKs' WebAuthn error: it never stops the form")
        #expect(step.answer(pressing: step.defaultButton)["parameters"]?["data"]?["formData"]?["terms"] == .bool(true))
        let ticked = try #require(DaVinciStep(json: try JSONValue.parse(Data(Self.everyField.replacingOccurrences(
            of: #""formData":{"value":{"#, with: #""formData":{"value":{"terms":true,"#).utf8))))
        #expect(ticked.collectors.first { $0.key == "terms" }?.value == .checked(true), "formData's boolean is its start")
    }

    @Test func theAnswerIsTheSDKsBody() throws {
        var step = try Self.step()
        step = step.filled(["password": .password("Secret-1", confirmation: ""), "check": .choices(["c"]), "register-device": .device("SMS")])
        let submit = step.answer(pressing: step.defaultButton)
        #expect(submit["id"]?.stringValue == "node-1" && submit["eventName"]?.stringValue == "continue" && submit["interactionId"]?.stringValue == "i-1")
        #expect(submit["parameters"]?["eventType"]?.stringValue == "submit")
        #expect(submit["parameters"]?["data"]?["actionKey"]?.stringValue == "submit")
        let formData = try #require(submit["parameters"]?["data"]?["formData"])
        #expect(formData["user.username"] == .string("prefilled@example.com") && formData["password"] == .string("Secret-1"))
        #expect(formData["check"] == .array([.string("c")]) && formData["multi"] == nil, "an empty multi-select is left out")
        #expect(formData["phone"] == .object(["countryCode": .string("FR"), "phoneNumber": .string("612")]))
        #expect(formData["register-device"] == .string("SMS"), "a device to register is sent by its type")
        #expect(formData["use-device"] == .object(["type": .string("EMAIL"), "id": .string("dev-1"), "description": .string("d***@example.com")]))
        #expect(formData["future"] == nil && formData["qr"] == nil, "collectors without a value send nothing")
        #expect(formData["protect"] == .string(""), "PROTECT without signals is sent empty, as the JavaScript SDK sends it")
        let link = step.answer(pressing: step.index(of: "register"))
        #expect(link["parameters"]?["eventType"]?.stringValue == "action" && link["parameters"]?["data"]?["actionKey"]?.stringValue == "register")
    }

    @Test func problemsAreFoundBeforeSending() throws {
        var step = try Self.step().filled(["user.username": .text("not-an-email")])
        #expect(step.problem()?.message == "Must be valid email address")
        step = step.filled(["user.username": .text("a@b.example"), "password": .password("x", confirmation: ""),
                            "newPassword": .password("abcdefgh1", confirmation: "abcdefgh2")])
        #expect(step.problem()?.message == "The two passwords are not the same.")
        step = step.filled(["newPassword": .password("abcdefgh", confirmation: "abcdefgh")])
        #expect(step.problem()?.message == "The password needs at least 1 of the digits.")
    }

    @Test(arguments: [
        (200, #"{"status":"COMPLETED","authorizeResponse":{"code":"c-1","state":"s-1"},"session":{"id":"x"}}"#, "authorized"),
        (200, #"{"environment":{"id":"e"},"status":"FAILED","error":{"code":"server_error","message":"Request timed out. Please try again."}}"#, "failed"),
        (200, #"{"status":"failure","message":"no"}"#, "failed"),
        (400, #"{"interactionId":"i","code":"requestTimedOut","message":"Request timed out. Please try again."}"#, "expired"),
        (401, #"{"message":"Unauthorized!","httpResponseCode":401,"code":1999}"#, "expired"),
        (400, #"{"connectorId":"pingOneAuthenticationConnector","capabilityName":"returnSuccessResponseRedirect","message":"x"}"#, "failed"),
        (400, #"{"interactionId":"i","code":400,"message":"invalidValue email","details":[{"rawResponse":{"code":"INVALID_DATA","details":[{"code":"INVALID_VALUE","target":"email","message":"must be a well-formed email address"}]},"statusCode":400}]}"#, "refused"),
        (500, #"{"message":"boom"}"#, "rejected"),
        (502, "<html>bad gateway</html>", "rejected"),
        (400, #"{"error":"invalid_request","error_description":"The redirect_uri is not registered"}"#, "rejected"),
        (429, #"{"interactionId":"i","message":"Too many requests"}"#, "refused"),
        // The shapes of the SDKs' error mocks: a lookup that found nobody (no INVALID_DATA), a
        // validation error with only a message, a numeric code, two details with several targets.
        (400, #"{"interactionId":"i","capabilityName":"userLookup","code":" Invalid username and/or password","message":" Invalid username and/or password","httpResponseCode":400,"details":[{"rawResponse":{"_embedded":{"users":[]},"count":0},"statusCode":200}]}"#, "refused"),
        (400, #"{"interactionId":"i","code":"validationError","message":"Validation Error","httpResponseCode":400,"details":[{"message":"identifier must be a uuid"}]}"#, "refused"),
        (400, #"{"interactionId":"i","code":400,"message":"uniquenessViolation username","details":[{"rawResponse":{"code":"INVALID_DATA","details":[{"code":"INVALID_VALUE","target":"email","message":"must be a well-formed email address"}]},"statusCode":400},{"rawResponse":{"code":"INVALID_DATA","details":[{"code":"UNIQUENESS_VIOLATION","target":"email","message":"must be a well-formed email address"}]},"statusCode":400}]}"#, "refused"),
        (200, "<html>", "malformed"),
        (200, #"{"eventName":"rewindStateToSpecificRenderedUI","success":true,"id":"n","interactionId":"i"}"#, "rewind"),
    ])
    func answersAreClassifiedAsTheSDKsDo(status: Int, body: String, expected: String) {
        let outcome = DaVinciOutcome(HTTPResponse(status: status, headers: [], body: Data(body.utf8)))
        let name: String
        switch outcome {
        case .step: name = "step"
        case .authorized: name = "authorized"
        case .rewind: name = "rewind"
        case .refused(_, let fields, _):
            name = "refused"
            #expect(fields.isEmpty || fields["email"]?.allSatisfy { $0 == "must be a well-formed email address" } == true)
        case .failure(.expired): name = "expired"
        case .failure(.failed): name = "failed"
        case .failure(.rejected): name = "rejected"
        case .failure(.malformed): name = "malformed"
        case .failure: name = "other"
        }
        #expect(name == expected)
    }

    @Test func aServersPatternThatCouldBacktrackForeverIsLeftToTheServer() {
        #expect(TextValidation(pattern: "^(a+)+$", message: "x").accepts(String(repeating: "a", count: 40) + "!"))
        #expect(TextValidation(pattern: "^(\\d{3})*$", message: "x").accepts("12"), "a quantified group holding a quantifier")
        #expect(!TextValidation(pattern: "^[0-9]{6}$", message: "x").accepts("12a456"), "a plain pattern is checked")
        #expect(TextValidation(pattern: "^[0-9]{6}$", message: "x").accepts(String(repeating: "x", count: 300)), "long input is left to the server")
    }
}
