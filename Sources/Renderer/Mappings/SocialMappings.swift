import JourneyEngine
import Orchestrate
import TerminalKit

/// Social login and SAML. A `RedirectCallback`: the address to open, a field for the address
/// the browser lands on, and a QR code of the address so a phone can finish the sign-in. An
/// `IdPCallback` (a provider's native SDK): what a token must be for, and a field to paste one.
enum SocialMappings {
    static func redirect(_ position: Int, _ redirect: RedirectCallback) -> [FormField] {
        var fields = [
            FormField(position, BrowserPageFields.opening(redirect.redirectUrl, intro: "This step goes on in a browser. Open (Esc then y copies it):")),
        ]
        if redirect.redirectMethod.uppercased() != "GET" {
            fields.append(FormField(position, .block(TextBlock(
                text: "AM asks for a form \(TerminalText.line(redirect.redirectMethod.uppercased())) (SAML): a terminal can only show the address.",
                role: .warning, prefix: "⚠ "))))
        }
        fields.append(FormField(position, BrowserPageFields.landed(placeholder: "paste it after signing in: it carries a code and state"),
                                .browserReturn))
        if let code = BrowserPageFields.qrCode(of: redirect.redirectUrl) {
            fields.append(FormField(position, code))
        }
        return fields
    }

    static func providerToken(_ position: Int, _ idp: IdPCallback, value: Callback) -> [FormField] {
        let pasted = value.input(role: "token")?.value.stringValue ?? ""
        let type = value.input(role: "token_type")?.value.stringValue.flatMap(IdPCallback.tokenTypes.firstIndex)
            ?? IdPCallback.tokenTypes.firstIndex(of: idp.usualTokenType) ?? 0
        return [
            FormField(position, .block(TextBlock(text: IdPTokenText.lines(idp).joined(separator: "\n"), role: .information))),
            FormField(position, .text(TextField(label: "Token from \(TerminalText.line(idp.provider))", text: pasted, isMasked: true,
                                                canReveal: true, placeholder: "paste it (Ctrl-R shows it)")), .providerToken),
            FormField(position, .radio(RadioList(label: "Its type", options: IdPCallback.tokenTypes, selected: type, highlighted: type)),
                      .providerTokenType),
        ]
    }
}
