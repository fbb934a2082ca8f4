/// The names of the three stores of one client instance.
///
/// By default every instance shares the store named "session" and the store named "tokens",
/// as the Ping SDKs share their default session and token storage; cookies are per instance
/// ("cookies-<instance>"). Configuration can isolate the session ("session-<instance>") or the
/// tokens ("tokens-<instance>").
public struct InstanceStores: Sendable, Hashable, Codable {
    /// Instance names are at most this long (as they were when store names had 64 characters),
    /// so that every derived store name fits: the longest is the DaVinci multi-user preset's
    /// "davinci_user_<instance>_session".
    public static let maximumInstanceNameLength = 51

    /// The stores every instance shares unless configured otherwise.
    public static let sharedSession = "session"
    public static let sharedTokens = "tokens"

    public let session: String
    public let tokens: String
    public let cookies: String

    /// Check `instance` with `validate(instanceName:)` first; store operations reject invalid names.
    public init(instance: String, sharedSession: Bool = true, sharedTokens: Bool = true) {
        session = sharedSession ? Self.sharedSession : "session-\(instance)"
        tokens = sharedTokens ? Self.sharedTokens : "tokens-\(instance)"
        cookies = "cookies-\(instance)"
    }

    /// Stores named outright (a profile's `sessionStore`, `tokenStore`, `cookieStore`).
    public init(session: String, tokens: String, cookies: String) {
        self.session = session
        self.tokens = tokens
        self.cookies = cookies
    }

    /// Letters, digits, '-', '_' and '.'; 1–56 characters; not "." or "..".
    public static func validate(instanceName: String) throws(StoreError) {
        guard (1...maximumInstanceNameLength).contains(instanceName.utf8.count),
              instanceName != ".", instanceName != "..", StoreName.isSafe(instanceName) else {
            throw .invalidInstanceName(instanceName)
        }
    }
}
