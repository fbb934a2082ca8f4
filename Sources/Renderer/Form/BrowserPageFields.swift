import Orchestrate
import TerminalKit

/// The page of a sign-in that goes on in a browser, whichever protocol asks for it: the address
/// to open, a field for the address the browser lands on, and the address as a QR code so a
/// phone can finish the sign-in. A journey's `RedirectCallback` (`SocialMappings`) and a DaVinci
/// social sign-on button (``FlowBrowserPage``) show the same page.
enum BrowserPageFields {
    static let landedLabel = "Address the browser landed on"

    /// What the page is about, then the address to open (made safe for the terminal).
    static func opening(_ address: String, intro: String) -> FieldWidget {
        .block(TextBlock(text: intro + "\n" + TerminalText.line(address), role: .information))
    }

    /// The field the address the browser lands on is pasted into.
    static func landed(placeholder: String) -> FieldWidget {
        .text(TextField(label: landedLabel, placeholder: placeholder))
    }

    /// The address as a QR code; nil when it is too long for one.
    static func qrCode(of address: String) -> FieldWidget? {
        guard let code = try? QRCode(address, errorCorrection: .low) else { return nil }
        return .qrCode(QRCodeBlock(code: code, caption: "Or scan it with a phone."))
    }
}
