/// The names of the three stores of one client instance.
///
/// By default every instance shares the store named "session" and the store named "tokens",
/// as the Ping SDKs share their default session and token storage; cookies are per instance
/// ("cookies-<instance>"). Configuration can isolate the session ("session-<instance>") or the
/// tokens ("tokens-<instance>").
public struct InstanceStores: Sendable, Hashable {
    /// Instance names are at most this long, so that every derived store name fits in 64 characters.
    public static let maximumInstanceNameLength = StoreName.maximumLength - "cookies-".count

    public let session: String
    public let tokens: String
    public let cookies: String

    /// Check `instance` with `validate(instanceName:)` first; store operations reject invalid names.
    public init(instance: String, sharedSession: Bool = true, sharedTokens: Bool = true) {
        session = sharedSession ? "session" : "session-\(instance)"
        tokens = sharedTokens ? "tokens" : "tokens-\(instance)"
        cookies = "cookies-\(instance)"
    }

    /// Letters, digits, '-', '_' and '.'; 1–56 characters; not "." or "..".
    public static func validate(instanceName: String) throws(StoreError) {
        guard (1...maximumInstanceNameLength).contains(instanceName.utf8.count),
              instanceName != ".", instanceName != "..", StoreName.isSafe(instanceName) else {
            throw .invalidInstanceName(instanceName)
        }
    }
}
