/// `ReCaptchaCallback` (AM's CAPTCHA node: reCAPTCHA v2 or v3, hCaptcha) and
/// `ReCaptchaEnterpriseCallback` (the reCAPTCHA Enterprise node). A terminal cannot show the
/// widget, so the token is given (`--answer`, a test file, the form's paste field): solved on a
/// page of the same site, or from a test key. Without one, the SDKs' answers are sent
/// (``applyDefault``): nothing for v2, `INVALID_CAPTCHA_TOKEN` as the Enterprise client error.
public struct ReCaptchaCallback: Sendable, Hashable {
    public let siteKey: String
    /// The widget's script (`https://www.google.com/recaptcha/api.js`, hCaptcha's, Enterprise's).
    public let apiURL: String?
    public let divClass: String?
    public let isV3: Bool

    /// What the legacy Android and iOS SDKs send as the Enterprise client error when they have
    /// no token (`ReCaptchaEnterpriseCallback.kt`, `.swift`: "INVALID_CAPTCHA_TOKEN").
    public static let noTokenError = "INVALID_CAPTCHA_TOKEN"

    init(_ outputs: CallbackOutputs) {
        siteKey = outputs.string("recaptchaSiteKey") ?? ""
        apiURL = outputs.string("captchaApiUri")
        divClass = outputs.string("captchaDivClass")
        isV3 = outputs.bool("reCaptchaV3") ?? false
    }
}
