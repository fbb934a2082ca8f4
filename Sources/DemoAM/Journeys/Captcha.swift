/// The demo's CAPTCHA nodes check tokens as a node set up with Google's test keys does: every
/// token passes (developers.google.com/recaptcha/docs/faq), so a token pasted from anywhere, or
/// a test's, signs in. What the nodes refuse is AM's: no token at all, or an Enterprise client
/// error.
enum DemoCaptcha {
    /// Google's documented reCAPTCHA v2 test site key.
    static let testSiteKey = "6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI"
    /// The message AM's CAPTCHA node fails with when no token came back.
    static let tokenRequired = "CAPTCHA response required for verification"
}

/// `Captcha`: the username/password page with AM's CAPTCHA node (reCAPTCHA v2) on it, as a
/// login page with a CAPTCHA is built (a page node holding the three). No token: the node
/// stops the journey (AM's 401 with its reason); any token and the right password sign in.
struct CaptchaJourney: CodedJourney {
    static let name = "Captcha"
    static let authLevel = 0
    static let amr = ["pwd"]

    func firstPage(_ environment: JourneyEnvironment) -> Page {
        var page = UsernamePasswordPage.page(environment)
        page.stage = "CaptchaLogin"
        page.callbacks.append(.reCaptcha(siteKey: DemoCaptcha.testSiteKey))
        return page
    }

    mutating func next(_ answers: Answers, _ environment: JourneyEnvironment) async throws(AMError) -> Outcome {
        guard !answers.string(2).isEmpty else { return .refused(DemoCaptcha.tokenRequired) }
        guard let user = await UsernamePasswordPage.user(from: answers, in: environment.directory) else { return .failure }
        return .success(username: user.username)
    }
}

/// `RecaptchaEnterprise`: the username/password page, then AM's reCAPTCHA Enterprise node on a
/// page of its own, as the JavaScript SDK's e2e mock AM has it. A client error or an empty token
/// takes the node's false outcome (the journey fails); any token signs in.
struct RecaptchaEnterpriseJourney: CodedJourney {
    static let name = "RecaptchaEnterprise"
    static let authLevel = 0
    static let amr = ["pwd"]

    private var user: DemoUser?

    func firstPage(_ environment: JourneyEnvironment) -> Page {
        UsernamePasswordPage.page(environment)
    }

    mutating func next(_ answers: Answers, _ environment: JourneyEnvironment) async throws(AMError) -> Outcome {
        guard let user else {
            guard let user = await UsernamePasswordPage.user(from: answers, in: environment.directory) else { return .failure }
            self.user = user
            return .page(Page(stage: "RecaptchaEnterprise", callbacks: [.reCaptchaEnterprise(siteKey: DemoCaptcha.testSiteKey)]))
        }
        guard answers.string(0, "clientError").isEmpty, !answers.string(0, "token").isEmpty else { return .failure }
        return .success(username: user.username)
    }
}
