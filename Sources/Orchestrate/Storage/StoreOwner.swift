/// Who a stored record belongs to, so a token never goes to another server.
///
/// Owners match only when every field is equal: a record saved for one server, realm or
/// OAuth client is invisible to the others.
public struct StoreOwner: Codable, Sendable, Hashable {
    /// The AM base URL, e.g. `http://127.0.0.1:8180/am`.
    public let serverURL: String
    /// The realm, e.g. `/alpha`.
    public let realm: String
    /// The OAuth client for token stores; nil for session and cookie stores.
    public let clientId: String?

    public init(serverURL: String, realm: String, clientId: String?) {
        self.serverURL = serverURL
        self.realm = realm
        self.clientId = clientId
    }
}
