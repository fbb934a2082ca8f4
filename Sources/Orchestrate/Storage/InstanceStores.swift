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

    /// Refuses stores that would overwrite each other: one store named for two roles (a DaVinci
    /// instance's session is its cookies, so those two may be one), or a name JourneyTerm keeps
    /// for its own records (`StoreRole.reservedPrefixes`).
    public func validate(sessionHoldsCookies: Bool = false) throws(StoreError) {
        let roles: [(StoreRole, String)] = [(.session, session), (.tokens, tokens), (.cookies, cookies)]
        for (role, name) in roles {
            if let prefix = StoreRole.reservedPrefix(of: name) {
                throw .storesCollide("The \(role.rawValue) store \"\(TerminalText.line(name))\" starts with \"\(prefix)\", which JourneyTerm keeps for its own records: name another store.")
            }
        }
        for (index, (role, name)) in roles.enumerated() {
            for (otherRole, other) in roles[(index + 1)...] where other == name && !(sessionHoldsCookies && role == .session && otherRole == .cookies) {
                throw .storesCollide("The store \"\(TerminalText.line(name))\" is named for both \(role.spoken) and \(otherRole.spoken): one would overwrite the other, so nothing was written. Give each its own store.")
            }
        }
    }

    /// Letters, digits, '-', '_' and '.'; 1–56 characters; not "." or "..".
    public static func validate(instanceName: String) throws(StoreError) {
        guard (1...maximumInstanceNameLength).contains(instanceName.utf8.count),
              instanceName != ".", instanceName != "..", StoreName.isSafe(instanceName) else {
            throw .invalidInstanceName(instanceName)
        }
    }
}
