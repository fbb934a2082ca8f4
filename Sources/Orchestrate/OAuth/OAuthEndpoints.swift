import Foundation

/// Where a server's OAuth 2.0 / OIDC endpoints are: what its `.well-known/openid-configuration`
/// says, or (for AM) its standard paths.
public struct OAuthEndpoints: Sendable, Hashable, Codable {
    public let issuer: String
    public let authorize: URL
    public let token: URL
    public let revoke: URL
    public let userinfo: URL
    public let endSession: URL
    public let jwks: URL

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
