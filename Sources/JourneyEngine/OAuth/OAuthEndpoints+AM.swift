import Foundation
import Orchestrate

extension OAuthEndpoints {
    /// AM's defaults, `{base}/oauth2/realms/root/realms/…/authorize` and so on, with the server's
    /// custom endpoints in their place where set.
    public static func standard(for server: ServerConfiguration) -> OAuthEndpoints {
        OAuthEndpoints(
            issuer: server.oauthEndpoint("").absoluteString,
            authorize: server.endpoint(.authorize) ?? server.oauthEndpoint("authorize"),
            token: server.endpoint(.token) ?? server.oauthEndpoint("access_token"),
            revoke: server.endpoint(.revoke) ?? server.oauthEndpoint("token/revoke"),
            userinfo: server.endpoint(.userinfo) ?? server.oauthEndpoint("userinfo"),
            endSession: server.endpoint(.endSession) ?? server.oauthEndpoint("connect/endSession"),
            jwks: server.oauthEndpoint("connect/jwk_uri"))
    }

    /// The discovery document's URL for this realm.
    public static func discoveryURL(for server: ServerConfiguration) -> URL {
        server.oauthEndpoint(".well-known/openid-configuration")
    }
}
