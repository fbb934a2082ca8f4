import Foundation
import JourneyEngine
import Orchestrate

/// What discovery found: the options for a profile, and each request with its outcome.
public struct DiscoveryReport: Sendable, Hashable {
    /// `url`, `realm`, the OAuth endpoints and `cookieName`, as far as they were found.
    public var values: [OptionKey: OptionValue] = [:]
    /// The requests, in the order they were sent.
    public var checks: [DiscoveryCheck] = []

    /// Whether AM's `/authenticate` answered, so a profile of these values can sign in.
    public var authenticateAnswers: Bool {
        checks.contains { $0.step == .authenticate && $0.failure == nil }
    }
}

/// One request of discovery: its URL, and what it found or why it failed, with the options
/// to set by hand in that case.
public struct DiscoveryCheck: Sendable, Hashable {
    public enum Step: String, Sendable, Hashable {
        case discovery = "OAuth 2.0 discovery"
        case serverInfo = "server info"
        case authenticate = "authenticate"
    }

    public let step: Step
    public let url: URL
    /// What the server said, when the request worked (server text: show it through `TerminalText`).
    public let found: String?
    /// Why the request failed.
    public let failure: String?
    /// The options this request fills, to set by hand when it failed.
    public let options: [OptionKey]
}
