import Foundation
import Orchestrate

/// Where a realm's OAuth 2.0 / OIDC endpoints are: AM's standard paths, or what its
/// `.well-known/openid-configuration` says.
public struct OAuthEndpoints: Sendable, Hashable, Codable {
    public let issuer: String
    public let authorize: URL
    public let token: URL
    public let revoke: URL
    public let userinfo: URL
    public let endSession: URL
    public let jwks: URL

    /// AM's defaults, `{base}/oauth2/realms/root/realms/…/authorize` and so on, with the server's
    /// custom endpoints (`authorizeEndpoint` …) in their place where set.
    public static func standard(for server: ServerConfiguration) -> OAuthEndpoints {
        OAuthEndpoints(
            issuer: server.oauthEndpoint("").absoluteString,
            authorize: server.endpoint(.authorizeEndpoint) ?? server.oauthEndpoint("authorize"),
            token: server.endpoint(.tokenEndpoint) ?? server.oauthEndpoint("access_token"),
            revoke: server.endpoint(.revokeEndpoint) ?? server.oauthEndpoint("token/revoke"),
            userinfo: server.endpoint(.userinfoEndpoint) ?? server.oauthEndpoint("userinfo"),
            endSession: server.endpoint(.endSessionEndpoint) ?? server.oauthEndpoint("connect/endSession"),
            jwks: server.oauthEndpoint("connect/jwk_uri"))
    }

    /// The discovery document's URL for this realm.
    public static func discoveryURL(for server: ServerConfiguration) -> URL {
        server.oauthEndpoint(".well-known/openid-configuration")
    }

    /// Reads a discovery document; nil when an endpoint is missing or not a URL.
    public init?(discovery json: JSONValue) {
        func url(_ key: String) -> URL? { json[key]?.stringValue.flatMap(URL.init(string:)) }
        guard let issuer = json["issuer"]?.stringValue, let authorize = url("authorization_endpoint"),
              let token = url("token_endpoint"), let revoke = url("revocation_endpoint"),
              let userinfo = url("userinfo_endpoint"), let endSession = url("end_session_endpoint"),
              let jwks = url("jwks_uri") else { return nil }
        self.init(issuer: issuer, authorize: authorize, token: token, revoke: revoke, userinfo: userinfo,
                  endSession: endSession, jwks: jwks)
    }

    public init(issuer: String, authorize: URL, token: URL, revoke: URL, userinfo: URL, endSession: URL, jwks: URL) {
        self.issuer = issuer
        self.authorize = authorize
        self.token = token
        self.revoke = revoke
        self.userinfo = userinfo
        self.endSession = endSession
        self.jwks = jwks
    }
}
