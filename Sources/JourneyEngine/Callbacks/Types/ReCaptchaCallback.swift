/// `ReCaptchaCallback` (v2, v3 or hCaptcha) and `ReCaptchaEnterpriseCallback`: browser-only.
public struct ReCaptchaCallback: Sendable, Hashable {
    public let siteKey: String
    /// Enterprise only: the script's URL.
    public let apiURL: String?
    public let divClass: String?
    public let isV3: Bool

    init(_ outputs: CallbackOutputs) {
        siteKey = outputs.string("recaptchaSiteKey") ?? ""
        apiURL = outputs.string("captchaApiUri")
        divClass = outputs.string("captchaDivClass")
        isV3 = outputs.bool("reCaptchaV3") ?? false
    }
}
