import Orchestrate

/// A POLLING collector's settings: how long to wait between polls (`pollInterval`, in
/// milliseconds), how many polls to make at most (`pollRetries`), and, for challenge polling
/// (`pollChallengeStatus` with a `challenge`), the challenge to ask PingOne about. Numbers may
/// come as JSON numbers or strings; an absent, zero or unreadable one takes the SDKs' default,
/// and an interval over an hour waits an hour.
public struct Polling: Sendable, Hashable {
    /// The SDKs' defaults: 2 s between polls, 60 polls.
    public static let defaultInterval: Duration = .milliseconds(2000)
    public static let defaultRetries = 60
    /// The longest wait taken from a server: a longer one waits this long.
    public static let longestInterval: Duration = .seconds(3600)

    public let interval: Duration
    public let retries: Int
    /// The challenge whose status is polled; nil for continue polling (the form is submitted
    /// again after each wait).
    public let challenge: String?

    public init(interval: Duration = Self.defaultInterval, retries: Int = Self.defaultRetries, challenge: String? = nil) {
        self.interval = interval
        self.retries = retries
        self.challenge = challenge
    }

    /// Reads the field; `pollChallengeStatus` and `challenge` may also sit at the node's root
    /// (the iOS SDK looks there too).
    init(field: JSONValue, node: JSONValue?) {
        let milliseconds = field["pollInterval"]?.intValue ?? 0
        interval = milliseconds > 0 ? min(.milliseconds(milliseconds), Self.longestInterval) : Self.defaultInterval
        let retries = field["pollRetries"]?.intValue ?? 0
        self.retries = retries > 0 ? retries : Self.defaultRetries
        let asksChallenge = field["pollChallengeStatus"]?.boolValue ?? node?["pollChallengeStatus"]?.boolValue ?? false
        let challenge = field["challenge"]?.stringValue ?? node?["challenge"]?.stringValue ?? ""
        self.challenge = asksChallenge && !challenge.isEmpty ? challenge : nil
    }

    /// The value a poll sends: `continue` while polls remain, `timedOut` with the last one, as
    /// the SDKs set it.
    static let continuing = "continue"
    static let timedOut = "timedOut"
}
