import Foundation
import JourneyEngine
import Orchestrate

/// What `journey config pins` prints: the chain, leaf first, with each certificate's pin. Subjects
/// and issuers are server text and go through `TerminalText`.
enum PinsReport {
    static func text(_ chain: [ServerCertificate], server: URL, verified: Bool) -> String {
        let dates = ISO8601DateFormatter()
        var lines = [
            "Certificate chain of \(TerminalText.line(origin(server))), leaf first"
                + (verified ? " (verified):" : " (NOT verified: --insecure):"),
        ]
        for (index, certificate) in chain.enumerated() {
            lines += [
                "  \(index + 1). \(TerminalText.line(certificate.subject))",
                "     issuer  \(TerminalText.line(certificate.issuer))",
                "     key     \(certificate.keyType)",
                "     valid   \(dates.string(from: certificate.notValidBefore)) to \(dates.string(from: certificate.notValidAfter))",
                "     pin     \(certificate.pin)",
            ]
        }
        lines.append("")
        lines.append("sslPinningPublicKeyHashes (one matching certificate of the chain is enough):")
        lines += chain.map { "  - \($0.pin)" }
        if !verified {
            lines.append("Not verified: check these pins another way (or with --ca-bundle) before trusting them.")
        }
        return lines.joined(separator: "\n")
    }

    static func json(_ chain: [ServerCertificate], server: URL, verified: Bool) -> String {
        let dates = ISO8601DateFormatter()
        let certificates: [JSONValue] = chain.map { certificate in
            .object([
                "subject": .string(certificate.subject),
                "issuer": .string(certificate.issuer),
                "keyType": .string(certificate.keyType),
                "notValidBefore": .string(dates.string(from: certificate.notValidBefore)),
                "notValidAfter": .string(dates.string(from: certificate.notValidAfter)),
                "pin": .string(certificate.pin),
            ])
        }
        let root: JSONObject = [
            "server": .string(origin(server)),
            "verified": .bool(verified),
            "certificates": .array(certificates),
            "sslPinningPublicKeyHashes": .array(chain.map { .string($0.pin) }),
        ]
        return JSONValue.object(root).terminalSafeJSONText
    }

    /// `https://host:port` of the URL.
    private static func origin(_ url: URL) -> String {
        var components = URLComponents()
        components.scheme = url.scheme
        components.host = url.host()
        components.port = url.port
        return components.string ?? url.absoluteString
    }
}
