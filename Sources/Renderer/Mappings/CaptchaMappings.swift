import JourneyEngine
import TerminalKit

/// A CAPTCHA (`ReCaptchaCallback`, `ReCaptchaEnterpriseCallback`): what it is and where a token
/// comes from (`CaptchaTokenText`), and a field to paste one.
enum CaptchaMappings {
    /// A CAPTCHA's token, solved in a browser and pasted: what it is and where a token comes
    /// from, then the field (empty sends the SDKs' answer without a token).
    static func token(_ callback: Callback) -> [FormField] {
        let role = if case .reCaptchaEnterprise = callback.kind { "token" } else { "" }
        return [
            FormField(callback.position, .block(TextBlock(text: CaptchaTokenText.lines(callback).joined(separator: "\n"), role: .information))),
            FormField(callback.position, .text(TextField(label: "CAPTCHA token", text: callback.input(role: role)?.value.stringValue ?? "",
                                                        isMasked: true, canReveal: true, placeholder: "paste it (Ctrl-R shows it)")),
                      .captchaToken),
        ]
    }
}
