/// The demo's CAPTCHA nodes check tokens as a node set up with Google's test keys does: every
/// token passes (developers.google.com/recaptcha/docs/faq), so a token pasted from anywhere, or
/// a test's, signs in. What the nodes refuse is AM's: no token at all, or an Enterprise client
/// error. The widget's settings (`siteKey`, `apiUri`, `divClass`, `reCaptchaV3`) go to the client
/// as the node is configured, with AM's defaults.
enum DemoCaptcha {
    /// Google's documented reCAPTCHA v2 test site key.
    static let testSiteKey = "6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI"
}

/// CAPTCHA (`product-CaptchaNode`): a `ReCaptchaCallback`. No token back stops the journey
/// with AM's reason; any token is `true`.
struct Captcha: NodeBehaviour {
    func process(_ call: inout NodeCall) async -> NodeResult {
        guard let answers = call.answers else {
            return .ask([.reCaptcha(siteKey: call["siteKey"]?.string ?? DemoCaptcha.testSiteKey,
                                    apiURI: call["apiUri"]?.string ?? "https://www.google.com/recaptcha/api.js",
                                    divClass: call["divClass"]?.string ?? "g-recaptcha", v3: call["reCaptchaV3"]?.bool ?? false)])
        }
        guard !answers.string(0).isEmpty else { return .refuse("CAPTCHA response required for verification") }
        return .outcome("true")
    }
}

/// reCAPTCHA Enterprise (`product-CaptchaEnterpriseNode`): a `ReCaptchaEnterpriseCallback`; a
/// client error or an empty token is `false`, any token `true`.
struct CaptchaEnterprise: NodeBehaviour {
    func process(_ call: inout NodeCall) async -> NodeResult {
        guard let answers = call.answers else {
            return .ask([.reCaptchaEnterprise(siteKey: call["siteKey"]?.string ?? DemoCaptcha.testSiteKey,
                                              apiURI: call["apiUri"]?.string ?? "https://www.google.com/recaptcha/enterprise.js",
                                              divClass: call["divClass"]?.string ?? "g-recaptcha")])
        }
        return .outcome(answers.string(0, "clientError").isEmpty && !answers.string(0, "token").isEmpty ? "true" : "false")
    }
}
