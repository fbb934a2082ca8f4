import Foundation
import JourneyEngine
import Orchestrate
import Testing

struct AnswerTests {
    func callback(_ json: String) throws -> Callback {
        try Callback(json: JSONValue.parse(Data(json.utf8)), position: 0)
    }

    let choice = #"{"type":"ChoiceCallback","output":[{"name":"prompt","value":"Choose a second factor"},{"name":"choices","value":["Email","SMS"]},{"name":"defaultChoice","value":0}],"input":[{"name":"IDToken1","value":0}]}"#

    @Test func answersMatchByPromptOrInputNameCaseInsensitively() throws {
        var book = AnswerBook()
        try book.add("user name=demo")
        try book.add("IDTOKEN2=pw=with=equals")
        let name = try callback(#"{"type":"NameCallback","output":[{"name":"prompt","value":"User Name"}],"input":[{"name":"IDToken1","value":""}]}"#)
        let password = try callback(#"{"type":"PasswordCallback","output":[{"name":"prompt","value":"Password"}],"input":[{"name":"IDToken2","value":""}]}"#)
        #expect(book.value(for: name) == "demo")
        #expect(book.value(for: password) == "pw=with=equals")
    }

    static let idP = #"{"type":"IdPCallback","output":[{"name":"provider","value":"google"},{"name":"clientId","value":"1234.apps.googleusercontent.com"},{"name":"redirectUri","value":"com.example.app:/oauth2redirect"},{"name":"scopes","value":["openid","email"]},{"name":"nonce","value":"n-0s1"},{"name":"acrValues","value":[]},{"name":"request","value":""},{"name":"requestUri","value":""}],"input":[{"name":"IDToken1token","value":""},{"name":"IDToken1token_type","value":""}]}"#

    @Test func aSocialProvidersTokenGoesBackWithItsType() throws {
        var google = try callback(Self.idP)
        #expect(google.label == "Token from google")
        #expect(google.requirement == .optional)
        try google.answer(AnswerParser.answer(" eyJhbGciOi.payload.sig ", for: google))
        #expect(google.input(role: "token")?.value == .string("eyJhbGciOi.payload.sig"))
        #expect(google.input(role: "token_type")?.value == .string("id_token"), "Google's SDK hands over an ID token")
        try google.answer(AnswerParser.answer("authorization_code:4/0Ab-code", for: google))
        #expect(google.input(role: "token")?.value == .string("4/0Ab-code"))
        #expect(google.input(role: "token_type")?.value == .string("authorization_code"))
        #expect(throws: AnswerError.self) { try google.answer(.providerToken("t", type: "saml_assertion")) }
        let facebook = try callback(Self.idP.replacing(#""value":"google""#, with: #""value":"facebook""#))
        #expect(try AnswerParser.answer("EAAB-token", for: facebook) == .providerToken("EAAB-token", type: "access_token"))
    }

    @Test func choicesTakeALabelOrANumber() throws {
        var choiceCallback = try callback(choice)
        try choiceCallback.answer(AnswerParser.answer("sms", for: choiceCallback))
        #expect(choiceCallback.value == .int(1))
        try choiceCallback.answer(AnswerParser.answer("1", for: choiceCallback))
        #expect(choiceCallback.value == .int(0), "numbered from 1, as the prompt lists them")
        #expect(throws: AnswerParseError.self) { try AnswerParser.answer("0", for: choiceCallback) }
        #expect(throws: AnswerParseError.self) { try AnswerParser.answer("Pigeon", for: choiceCallback) }
        #expect(throws: AnswerError.self) { try choiceCallback.answer(.index(5)) }
    }

    @Test func flagsAndNumbersGetTheirWireTypes() throws {
        var terms = try callback(#"{"type":"TermsAndConditionsCallback","output":[{"name":"version","value":"1"},{"name":"terms","value":"t"}],"input":[{"name":"IDToken1","value":0}]}"#)
        try terms.answer(AnswerParser.answer("yes", for: terms))
        #expect(terms.value == .bool(true))
        #expect(throws: AnswerParseError.self) { try AnswerParser.answer("maybe", for: terms) }
        var age = try callback(#"{"type":"NumberAttributeInputCallback","output":[{"name":"name","value":"age"},{"name":"prompt","value":"Age"}],"input":[{"name":"IDToken1","value":0},{"name":"IDToken1validateOnly","value":false}]}"#)
        try age.answer(AnswerParser.answer("42", for: age))
        #expect(age.value == .int(42))
        try age.answer(.validateOnly(true))
        #expect(age.input(role: "validateOnly")?.value == .bool(true))
    }

    @Test func answerFilesSkipCommentsAndReportBadLines() throws {
        var book = AnswerBook()
        try book.add(fileContents: "# demo\n\nUser Name=demo\r\nPassword= spaced \n", source: "a.txt")
        #expect(book.entries.map(\.value) == ["demo", " spaced "])
        do {
            try book.add(fileContents: "ok=1\nbroken line\n", source: "b.txt")
            Issue.record("accepted a bad line")
        } catch {
            #expect(error.description == "b.txt, line 2: an answer must look like PROMPT=VALUE (an '=' is missing)")
        }
    }

    @Test func securityAnswersCanBeKeyedByTheQuestion() throws {
        var book = AnswerBook()
        try book.add("What's your favorite color?=blue")
        let kba = try callback(#"{"type":"KbaCreateCallback","output":[{"name":"prompt","value":"Select a security question"},{"name":"predefinedQuestions","value":["What's your favorite color?"]}],"input":[{"name":"IDToken1question","value":""},{"name":"IDToken1answer","value":""}]}"#)
        #expect(book.value(for: kba, role: "answer", question: "What's your favorite color?") == "blue")
    }

    @Test func automaticAnswersFillWhatATerminalCannotDo() throws {
        let json = """
        {"authId":"a","callbacks":[
         {"type":"DeviceProfileCallback","output":[{"name":"metadata","value":true},{"name":"location","value":true},{"name":"message","value":""}],"input":[{"name":"IDToken1","value":""}]},
         {"type":"DeviceBindingCallback","output":[{"name":"userId","value":"u"},{"name":"challenge","value":"c"}],"input":[{"name":"IDToken2jws","value":""},{"name":"IDToken2deviceName","value":""},{"name":"IDToken2deviceId","value":""},{"name":"IDToken2clientError","value":""}]},
         {"type":"MetadataCallback","output":[{"name":"data","value":{"_type":"WebAuthn","_action":"webauthn_authentication","challenge":"x"}}]},
         {"type":"HiddenValueCallback","output":[{"name":"value","value":"false"},{"name":"id","value":"webAuthnOutcome"}],"input":[{"name":"IDToken4","value":"webAuthnOutcome"}]}]}
        """
        var step = try JourneyStep(json: JSONValue.parse(Data(json.utf8)))
        let notices = AutomaticAnswers.apply(to: &step, device: DeviceProfile(
            identifier: "id-1", deviceName: "host", platform: "Linux", version: "6", terminal: "xterm"))
        #expect(notices.count == 3)
        let profile = try JSONValue.parse(Data(try #require(step.callbacks[0].value?.stringValue).utf8))
        #expect(profile["identifier"] == .string("id-1"))
        #expect(profile["metadata"]?["platform"]?["platform"] == .string("Linux"))
        #expect(profile["location"] == nil)
        #expect(step.callbacks[1].input(role: "clientError")?.value == .string("Unsupported"))
        #expect(step.callbacks[3].value == .string("unsupported"))
    }

    /// Play Integrity's shape (the Android SDK's test) and App Attest's (the iOS SDK's): inputs
    /// found by name, the Android SDK's client error sent.
    @Test func appIntegrityIsAnsweredWithTheAndroidSDKsClientError() throws {
        let json = """
        {"authId":"a","callbacks":[
         {"type":"AppIntegrityCallback","output":[{"name":"requestType","value":"Classic"},{"name":"projectNumber","value":"12345678"},{"name":"nonce","value":"FsFTX3CInUu3qgDL"}],"input":[{"name":"IDToken1token","value":""},{"name":"IDToken1clientError","value":""}]},
         {"type":"AppIntegrityCallback","output":[{"name":"challenge","value":"c"},{"name":"attestToken","value":""}],"input":[{"name":"IDToken2clientError","value":""},{"name":"IDToken2attestToken","value":""},{"name":"IDToken2token","value":""},{"name":"IDToken2clientData","value":""},{"name":"IDToken2keyId","value":""}]}]}
        """
        var step = try JourneyStep(json: JSONValue.parse(Data(json.utf8)))
        #expect(step.callbacks.allSatisfy { $0.requirement == .automatic })
        let notices = AutomaticAnswers.apply(to: &step)
        #expect(notices.count == 2 && notices[0].text.contains("ClientDeviceErrors"))
        #expect(step.callbacks.map { $0.input(role: "clientError")?.value } == [.string("ClientDeviceErrors"), .string("ClientDeviceErrors")])
        #expect(step.callbacks[0].input(role: "token")?.value == .string(""))
    }
}
