/// The demo's CAPTCHA nodes check tokens as a node set up with Google's test keys does: every
/// token passes (developers.google.com/recaptcha/docs/faq), so a token pasted from anywhere, or
/// a test's, signs in. What the nodes refuse is AM's: no token at all, or an Enterprise client
/// error.
enum DemoCaptcha {
    /// Google's documented reCAPTCHA v2 test site key.
    static let testSiteKey = "6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI"
}

/// CAPTCHA (`product-CaptchaNode`): a `ReCaptchaCallback` with the configured `siteKey`. No token
/// back stops the journey with AM's reason; any token is `true`.
struct Captcha: NodeBehaviour {
    func process(_ call: inout NodeCall) async -> NodeResult {
        guard let answers = call.answers else { return .ask([.reCaptcha(siteKey: call["siteKey"]?.string ?? DemoCaptcha.testSiteKey)]) }
        guard !answers.string(0).isEmpty else { return .refuse("CAPTCHA response required for verification") }
        return .outcome("true")
    }
}

/// reCAPTCHA Enterprise: a `ReCaptchaEnterpriseCallback` with the configured `siteKey`; a client
/// error or an empty token is `false`, any token `true`.
struct RecaptchaEnterprise: NodeBehaviour {
    func process(_ call: inout NodeCall) async -> NodeResult {
        guard let answers = call.answers else {
            return .ask([.reCaptchaEnterprise(siteKey: call["siteKey"]?.string ?? DemoCaptcha.testSiteKey)])
        }
        return .outcome(answers.string(0, "clientError").isEmpty && !answers.string(0, "token").isEmpty ? "true" : "false")
    }
}
