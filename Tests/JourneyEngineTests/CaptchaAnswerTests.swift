import Foundation
import JourneyEngine
import Orchestrate
import Testing

/// A CAPTCHA is answered with a token solved elsewhere, by `--answer` (callback type, input name
/// or "CAPTCHA token"), a test file or the form; without one, the SDKs' answer goes instead.
struct CaptchaAnswerTests {
    /// As AM's reCAPTCHA Enterprise node sends it (the JavaScript SDK's e2e mock AM's shape).
    static let enterprise = #"{"type":"ReCaptchaEnterpriseCallback","output":[{"name":"recaptchaSiteKey","value":"6LdSu_spAAAAAKz3UhIy4JYQld2lm_WRt7dEhf9T"},{"name":"captchaApiUri","value":"https://www.google.com/recaptcha/enterprise.js"},{"name":"captchaDivClass","value":"g-recaptcha"}],"input":[{"name":"IDToken1token","value":""},{"name":"IDToken1action","value":""},{"name":"IDToken1clientError","value":""},{"name":"IDToken1payload","value":""}]}"#
    static let v2 = #"{"type":"ReCaptchaCallback","output":[{"name":"recaptchaSiteKey","value":"6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI"},{"name":"captchaApiUri","value":"https://www.google.com/recaptcha/api.js"},{"name":"captchaDivClass","value":"g-recaptcha"},{"name":"reCaptchaV3","value":false}],"input":[{"name":"IDToken3","value":""}]}"#

    private func callback(_ json: String) throws -> Callback {
        try Callback(json: JSONValue.parse(Data(json.utf8)), position: 0)
    }

    @Test func aTokenGoesIntoTheTokenInputByAnyOfItsNames() throws {
        for key in ["ReCaptchaEnterpriseCallback", "IDToken1token", "CAPTCHA token"] {
            var book = AnswerBook()
            try book.add("\(key)=03AFcWeA-token")
            var captcha = try callback(Self.enterprise)
            #expect(captcha.requirement == .optional && captcha.asksForSecret)
            let text = try #require(book.value(for: captcha), "\(key)")
            try captcha.answer(AnswerParser.answer(text, for: captcha))
            #expect(captcha.input(role: "token")?.value == .string("03AFcWeA-token"))
            #expect(captcha.input(role: "clientError")?.value == .string(""), "a token is sent without a client error")
            #expect(captcha.input(role: "action")?.value == .string(""), "no action: the node checks none, as AM's own login page sends")
        }
        var v2 = try callback(Self.v2)
        try v2.answer(.text("03AFcWeA-v2"))
        #expect(v2.value == .string("03AFcWeA-v2") && v2.label == "CAPTCHA token")
    }

    @Test func withoutATokenTheSDKsAnswerIsSent() throws {
        var captcha = try callback(Self.enterprise)
        captcha.applyDefault()
        #expect(captcha.input(role: "clientError")?.value == .string("INVALID_CAPTCHA_TOKEN"))
        #expect(captcha.input(role: "token")?.value == .string(""))
        var v2 = try callback(Self.v2)
        v2.applyDefault()
        #expect(v2.value == .string(""), "the v2 node has no client error: AM refuses the step")
        var step = try JourneyStep(json: JSONValue.parse(Data(#"{"authId":"a","callbacks":[\#(Self.enterprise)]}"#.utf8)))
        #expect(AutomaticAnswers.apply(to: &step).isEmpty, "nothing is sent before the person is asked")
        #expect(step.callbacks[0].input(role: "clientError")?.value == .string(""))
    }

    @Test func theTokenIsHiddenInTraces() throws {
        var enterprise = try callback(Self.enterprise)
        try enterprise.answer(.text("03AFcWeA-token"))
        #expect(enterprise.inputs.filter { StepSecrets.isSecret($0, of: enterprise) }.map(\.name) == ["IDToken1token"])
        let v2 = try callback(Self.v2)
        #expect(v2.inputs.filter { StepSecrets.isSecret($0, of: v2) }.map(\.name) == ["IDToken3"])
    }

    @Test func theTextSaysWhereATokenComesFrom() throws {
        let v2 = CaptchaTokenText.lines(try callback(Self.v2)).joined(separator: "\n")
        #expect(v2.contains("reCAPTCHA v2") && v2.contains(CaptchaTokenText.googleTestSiteKey) && v2.contains("AM refuses the step"))
        let enterprise = CaptchaTokenText.lines(try callback(Self.enterprise)).joined(separator: "\n")
        #expect(enterprise.contains("Enterprise") && enterprise.contains("INVALID_CAPTCHA_TOKEN") && !enterprise.contains(CaptchaTokenText.googleTestSiteKey))
    }
}
