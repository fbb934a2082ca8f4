import Foundation
import Orchestrate

extension OAuthEndpoints {
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
}
