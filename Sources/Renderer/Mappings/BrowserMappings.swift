import JourneyEngine
import TerminalKit

/// A `RedirectCallback` (social login, SAML): the address to open, a field for the address the
/// browser lands on, and a QR code of the address so a phone can finish the sign-in.
enum BrowserMappings {
    static func redirect(_ position: Int, _ redirect: RedirectCallback) -> [FormField] {
        let address = TerminalText.line(redirect.redirectUrl)
        var fields = [
            FormField(position, .block(TextBlock(text: "This step goes on in a browser. Open (Esc then y copies it):\n" + address,
                                                 role: .information))),
        ]
        if redirect.redirectMethod.uppercased() != "GET" {
            fields.append(FormField(position, .block(TextBlock(
                text: "AM asks for a form \(TerminalText.line(redirect.redirectMethod.uppercased())) (SAML): a terminal can only show the address.",
                role: .warning, prefix: "⚠ "))))
        }
        fields.append(FormField(position, .text(TextField(
            label: "Address the browser landed on", placeholder: "paste it after signing in: it carries a code and state")),
            .browserReturn))
        if let code = try? QRCode(redirect.redirectUrl, errorCorrection: .low) {
            fields.append(FormField(position, .qrCode(QRCodeBlock(code: code, caption: "Or scan it with a phone."))))
        }
        return fields
    }
}
