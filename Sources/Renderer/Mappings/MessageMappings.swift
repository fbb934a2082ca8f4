import Foundation
import JourneyEngine
import Orchestrate
import TerminalKit

/// TextOutput, SuspendedTextOutput and registration HiddenValue callbacks → messages.
enum MessageMappings {
    static func fields(_ position: Int, _ output: TextOutputCallback) -> [FormField] {
        let text = TerminalText.block(output.message)
        switch output.style {
        case .information, .other:
            return [FormField(position, .block(TextBlock(text: text, role: .information)))]
        case .warning:
            return [FormField(position, .block(TextBlock(text: text, role: .warning, prefix: "⚠ ")))]
        case .error:
            return [FormField(position, .block(TextBlock(text: text, role: .error, prefix: "✗ ")))]
        case .script:
            return script(position, output.message)
        }
    }

    /// A browser script is never run. Recovery codes it carries are listed; anything else is
    /// a one-line note.
    static func script(_ position: Int, _ script: String) -> [FormField] {
        let codes = recoveryCodes(in: script)
        guard !codes.isEmpty else {
            return [FormField(position, .block(TextBlock(text: "A browser script in this step was not run.", role: .muted)))]
        }
        let text = "Your recovery codes (each works once; keep them safe):\n" + codes.map { "  " + $0 }.joined(separator: "\n")
        return [FormField(position, .block(TextBlock(text: TerminalText.block(text), role: .information)))]
    }

    /// The codes of AM's Recovery Code Display node: one `<div class="text-center">CODE</div>` each.
    static func recoveryCodes(in script: String) -> [String] {
        guard script.localizedCaseInsensitiveContains("recovery codes") else { return [] }
        return script.matches(of: /text-center\\?"\s*>\s*([A-Za-z0-9-]{4,})\s*</).map { String($0.output.1) }
    }

    static func suspended(_ position: Int, _ output: TextOutputCallback) -> [FormField] {
        [
            FormField(position, .block(TextBlock(text: TerminalText.block(output.message), role: .information))),
            FormField(position, .text(TextField(label: "Resume link (paste it from the email)", text: "", cursor: 0)), .resumeLink),
        ]
    }

    /// An `otpauth://` or `pushauth://` URI in a HiddenValue: a QR code to scan and the URI.
    static func registrationCode(_ position: Int, _ hidden: HiddenValueCallback) -> [FormField] {
        let uri = hidden.value
        guard uri.hasPrefix("otpauth://") || uri.hasPrefix("pushauth://"),
              let code = try? QRCode(uri, errorCorrection: .low) else { return [] }
        let app = uri.hasPrefix("otpauth://") ? "an authenticator app" : "the ForgeRock Authenticator"
        return [
            FormField(position, .qrCode(QRCodeBlock(code: code, caption: "Scan with \(app), or enter the URI by hand:"))),
            FormField(position, .block(TextBlock(text: TerminalText.line(uri), role: .muted))),
        ]
    }
}
