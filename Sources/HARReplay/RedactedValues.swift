import Foundation

/// What JourneyTerm's HAR files write in place of a secret, and what replay serves instead.
///
/// A redacted token is kept as its first characters and length (`hvcu8G…(97 chars)`), a
/// password, a code or a token too short to keep a prefix (eight characters or fewer, such as the
/// SDK mock AM's SSO token `bar`) as `‹redacted›`. Such a value in a recorded request matches
/// whatever the client sends there. In a recorded response, every redacted value (an SSO token,
/// an `authId`, an OAuth token, whatever its length) is served as a stand-in made of plain
/// characters, `replayed-token-1`, the same stand-in wherever the same redacted text appears, so
/// that a client can send it back as a cookie or header.
struct RedactedValues: Sendable {
    /// The stand-in of each redacted token text, numbered by first appearance in the archive.
    private let standIns: [String: String]

    init(_ exchanges: [RecordedExchange]) {
        var standIns: [String: String] = [:]
        var texts = exchanges.flatMap { exchange in
            exchange.headers.map(\.value) + [String(decoding: exchange.responseBody, as: UTF8.self)]
        }
        texts.removeAll { $0.isEmpty }
        for text in texts {
            for match in text.matches(of: Self.token) where standIns[String(match.output)] == nil {
                standIns[String(match.output)] = "replayed-token-\(standIns.count + 1)"
            }
        }
        self.standIns = standIns
    }

    /// Whether a recorded value is a redacted secret (which matches anything).
    static func isRedacted(_ value: String) -> Bool {
        value.wholeMatch(of: token) != nil
    }

    /// `text` with every redacted token replaced by its stand-in.
    func servable(_ text: String) -> String {
        text.replacing(Self.token) { match in standIns[String(match.output)] ?? String(match.output) }
    }

    /// A redacted value as HARLog writes it: the marker, or up to six characters (never a
    /// quote, backslash, `;`, `=` or space, which delimit it in JSON and cookies), `…`, then the
    /// length.
    private static var token: Regex<Substring> { #/‹redacted›|[^"\\;=\s]{0,6}…\(\d+ chars\)/# }
}
