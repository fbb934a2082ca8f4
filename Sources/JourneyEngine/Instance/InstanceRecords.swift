import Foundation
import Orchestrate

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
    /// Every option the instance last started with (the SDKs keep them to know what a
    /// re-start changes); nil in records written before options existed.
    public var options: JourneyOptions?
    /// The profile the options came from, if any: commands naming no options re-read it.
    public var profileName: String?

    public init(server: ServerConfiguration, oauth: OAuthConfiguration?) {
        serverURL = server.baseURL.absoluteString
        realm = server.realm.description
        cookieName = server.cookieName
        timeoutSeconds = server.timeout.inSeconds
        self.oauth = oauth
    }

    /// The record of an instance started with these options.
    public init(options: JourneyOptions, profileName: String?) throws(ConfigurationError) {
        self.init(server: try options.serverConfiguration(), oauth: try options.oauthConfiguration())
        self.options = options
        self.profileName = profileName
    }

    /// The options the instance last started with; for older records, made from their fields.
    public var startedOptions: JourneyOptions? {
        if let options { return options }
        var values: [OptionKey: OptionValue] = [.url: .text(serverURL), .realm: .text(realm), .cookieName: .text(cookieName),
                                                .timeout: .text(CommonOptions.format(timeoutSeconds))]
        if let oauth {
            values[.oauthClientId] = .text(oauth.clientId)
            values[.oauthRedirectUri] = .text(oauth.redirectURI)
            values[.oauthScope] = .text(oauth.scope)
        }
        return try? JourneyOptions(values: values)
    }

    private enum CodingKeys: String, CodingKey {
        case serverURL, realm, cookieName, timeoutSeconds, oauth, ownSessionStore, ownTokenStore, options, profileName
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
        options = try container.decodeIfPresent(JourneyOptions.self, forKey: .options)
        profileName = try container.decodeIfPresent(String.self, forKey: .profileName)
    }

    public func serverConfiguration() throws(ConfigurationError) -> ServerConfiguration {
        if let options { return try options.serverConfiguration() }
        return try ServerConfiguration(url: serverURL, realm: try Realm(realm), cookieName: cookieName,
                                       timeout: .milliseconds(Int64(timeoutSeconds * 1000)))
    }
}

/// An SSO session as an instance keeps it.
public struct StoredSession: Sendable, Hashable, Codable {
    public var success: LoginSuccess
    public var userName: String?
    public var created: Date
    /// When AM last said it still accepts the session (`cookieCache`); nil until it is checked,
    /// and in records written before checks were kept.
    public var checked: Date?

    public init(success: LoginSuccess, userName: String?, created: Date = Date()) {
        self.success = success
        self.userName = userName
        self.created = created
    }

    /// The last time AM was known to accept the session: its check, else when it was obtained.
    public var lastConfirmed: Date { checked ?? created }
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
