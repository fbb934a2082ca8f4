import Foundation

/// How an instance reaches AM, remembered so later commands need only `--instance`.
public struct InstanceProfile: Sendable, Hashable, Codable {
    public var serverURL: String
    public var realm: String
    public var cookieName: String
    public var timeoutSeconds: Double
    public var oauth: OAuthConfiguration?
    /// The instance keeps its session / tokens apart from the shared stores.
    public var ownSessionStore = false
    public var ownTokenStore = false

    public init(server: ServerConfiguration, oauth: OAuthConfiguration?) {
        serverURL = server.baseURL.absoluteString
        realm = server.realm.description
        cookieName = server.cookieName
        timeoutSeconds = server.timeout.inSeconds
        self.oauth = oauth
    }

    private enum CodingKeys: String, CodingKey {
        case serverURL, realm, cookieName, timeoutSeconds, oauth, ownSessionStore, ownTokenStore
    }

    /// Fields added later are optional when reading, so an older profile still opens.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        serverURL = try container.decode(String.self, forKey: .serverURL)
        realm = try container.decode(String.self, forKey: .realm)
        cookieName = try container.decodeIfPresent(String.self, forKey: .cookieName) ?? ServerConfiguration.defaultCookieName
        timeoutSeconds = try container.decodeIfPresent(Double.self, forKey: .timeoutSeconds) ?? ServerConfiguration.defaultTimeout.inSeconds
        oauth = try container.decodeIfPresent(OAuthConfiguration.self, forKey: .oauth)
        ownSessionStore = try container.decodeIfPresent(Bool.self, forKey: .ownSessionStore) ?? false
        ownTokenStore = try container.decodeIfPresent(Bool.self, forKey: .ownTokenStore) ?? false
    }

    public func serverConfiguration() throws(ConfigurationError) -> ServerConfiguration {
        try ServerConfiguration(url: serverURL, realm: try Realm(realm), cookieName: cookieName,
                                timeout: .milliseconds(Int64(timeoutSeconds * 1000)))
    }
}

/// An SSO session as an instance keeps it.
public struct StoredSession: Sendable, Hashable, Codable {
    public var success: LoginSuccess
    public var userName: String?
    public var created: Date

    public init(success: LoginSuccess, userName: String?, created: Date = Date()) {
        self.success = success
        self.userName = userName
        self.created = created
    }
}

/// OAuth tokens as an instance keeps them, with where they came from.
public struct StoredTokens: Sendable, Hashable, Codable {
    public var tokens: OAuthTokens
    public var endpoints: OAuthEndpoints

    public init(tokens: OAuthTokens, endpoints: OAuthEndpoints) {
        self.tokens = tokens
        self.endpoints = endpoints
    }
}
