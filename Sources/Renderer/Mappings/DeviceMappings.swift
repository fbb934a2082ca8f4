import JourneyEngine
import Orchestrate
import TerminalKit

/// Callbacks that need a browser or a device feature, and callbacks of unknown types: an honest
/// panel saying what cannot be done here and what will be sent instead (`AutomaticAnswers`).
enum DeviceMappings {
    static func needsDevice(_ callback: Callback) -> [FormField] {
        let position = callback.position
        let text: String
        switch callback.kind {
        case .deviceProfile(let request):
            let message = request.message.isEmpty ? "" : TerminalText.line(request.message) + "\n"
            text = message + "AM asks for a device profile. This terminal sends an identifier"
                + (request.wantsMetadata ? ", the platform, host name and terminal type" : "")
                + (request.wantsLocation ? "; it has no location to send." : ".")
            return [FormField(position, .block(TextBlock(text: text, role: .information)))]
        case .appIntegrity:
            text = "This step asks for proof that the app is genuine (Play Integrity or App Attest), which only a mobile app can give. "
                + "Submitting sends \"\(AppIntegrityCallback.clientError)\", as the Android SDK does, so the journey can take its fallback path."
        default:
            text = "\(TerminalText.line(callback.type)) needs a browser or a device feature this terminal does not have. "
                + "Submitting sends \"\(AutomaticAnswers.unsupported)\", as the SDKs do, so the journey can take its fallback path."
        }
        return [FormField(position, .block(TextBlock(text: text, role: .warning, prefix: "⚠ ")))]
    }

    /// WebAuthn and PingOne Protect arrive as metadata; other metadata is not shown.
    static func metadata(_ position: Int, _ metadata: MetadataCallback) -> [FormField] {
        let text: String
        switch metadata.purpose {
        case .webAuthnRegistration, .webAuthnAuthentication:
            let what = metadata.purpose == .webAuthnRegistration ? "register" : "use"
            text = "This step asks to \(what) a security key or passkey (WebAuthn), which needs a browser or an "
                + "authenticator. Submitting sends \"unsupported\", as the SDKs do, so the journey can take its fallback path."
        case .pingOneProtectInitialize, .pingOneProtectEvaluation:
            text = "This step collects PingOne Protect risk signals, which need the Ping Signals SDK. Submitting sends "
                + "\"\(AutomaticAnswers.unsupported)\" as the client error, so the journey can take its fallback path."
        case .stage, .other:
            return []
        }
        return [FormField(position, .block(TextBlock(text: text, role: .warning, prefix: "⚠ ")))]
    }

    /// Names the type, and shows the raw JSON (scrollable when focused).
    static func unknown(_ callback: Callback, _ unknown: UnknownCallback) -> [FormField] {
        [
            FormField(callback.position, .block(TextBlock(
                text: "\(TerminalText.line(callback.type)): \(TerminalText.line(unknown.reason)). It is sent back unchanged.",
                role: .warning, prefix: "⚠ "))),
            FormField(callback.position, .scroll(ScrollText(
                title: "Raw JSON of \(TerminalText.line(callback.type))",
                text: TerminalText.block(spaced(callback.wireValue.jsonText)), visibleRows: 4))),
        ]
    }

    /// Compact JSON with a space after each `,` and `:` outside strings, so that it wraps between
    /// members and values, never inside a name.
    private static func spaced(_ json: String) -> String {
        var result = ""
        var inString = false
        var escaped = false
        for character in json {
            result.append(character)
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "," || character == ":" {
                result.append(" ")
            }
        }
        return result
    }
}
