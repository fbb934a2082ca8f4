import Orchestrate

/// What a person needs to answer a CAPTCHA from a terminal: which CAPTCHA it is, its site key,
/// where a token comes from, and what is sent without one. The same words in the plain mode and
/// the full-screen form.
public enum CaptchaTokenText {
    /// Google's documented reCAPTCHA v2 test site key: with its secret in the node, every
    /// verification passes (developers.google.com/recaptcha/docs/faq). v2 only: Enterprise keys
    /// have per-key testing scores instead, and still need a token from the widget.
    public static let googleTestSiteKey = "6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI"

    public static func lines(_ callback: Callback) -> [String] {
        let captcha: ReCaptchaCallback
        let isEnterprise: Bool
        switch callback.kind {
        case .reCaptcha(let model): (captcha, isEnterprise) = (model, false)
        case .reCaptchaEnterprise(let model): (captcha, isEnterprise) = (model, true)
        default: return []
        }
        let kind = name(of: captcha, isEnterprise: isEnterprise)
        var lines = ["This step has a \(kind), which needs a browser. Solve it on a page of this site that shows it and paste "
            + "the token it gives (the g-recaptcha-response field)."
            + (kind == reCaptchaV2 ? " A node set up with Google's test keys (site key \(googleTestSiteKey)) passes any token." : "")]
        if !captcha.siteKey.isEmpty { lines.append("  site key  \(TerminalText.line(captcha.siteKey))") }
        if let script = captcha.apiURL, !script.isEmpty { lines.append("  script    \(TerminalText.line(script))") }
        lines.append(isEnterprise
            ? "Without a token, the client error \(ReCaptchaCallback.noTokenError) is sent, as the SDKs send it, and the journey takes its false outcome."
            : "Without a token, AM refuses the step.")
        return lines
    }

    private static let reCaptchaV2 = "CAPTCHA (reCAPTCHA v2)"

    private static func name(of captcha: ReCaptchaCallback, isEnterprise: Bool) -> String {
        if isEnterprise { return "reCAPTCHA Enterprise check" }
        if captcha.apiURL?.lowercased().contains("hcaptcha") == true { return "CAPTCHA (hCaptcha)" }
        return captcha.isV3 ? "CAPTCHA (reCAPTCHA v3)" : reCaptchaV2
    }
}
