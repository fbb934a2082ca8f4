import Foundation
import Orchestrate

/// What one identity holds at one server: its SSO session and its OAuth tokens. Signing it out
/// is what the SDKs do before options that change the identity take effect (and on user
/// logout): revoke the tokens, then log the session out, **at the server that issued them**.
public struct HeldIdentity: Sendable, Hashable {
    /// The server that issued the session and the tokens, with its endpoints and cookie name.
    public var server: ServerConfiguration
    public var oauth: OAuthConfiguration?
    public var tokens: OAuthTokens?
    public var endpoints: OAuthEndpoints?
    /// The SSO token; when nil, the client's cookie jar is asked for the server's SSO cookie.
    public var ssoToken: String?
    public var userName: String?

    public init(server: ServerConfiguration, oauth: OAuthConfiguration? = nil, tokens: OAuthTokens? = nil,
                endpoints: OAuthEndpoints? = nil, ssoToken: String? = nil, userName: String? = nil) {
        self.server = server
        self.oauth = oauth
        self.tokens = tokens
        self.endpoints = endpoints
        self.ssoToken = ssoToken
        self.userName = userName
    }

    /// Revokes the tokens and logs the session out through `client`, which must be a client of
    /// `server` (it carries that server's cookies and TLS settings). Each step is reported,
    /// including the ones the server could not be reached for.
    public func signOut(through client: JourneyClient) async -> [SignOutAction] {
        var actions: [SignOutAction] = []
        if let oauth, let tokens {
            let endpoints = endpoints ?? .standard(for: server)
            let oauthClient = OAuthClient(client: client, configuration: oauth, endpoints: endpoints)
            do throws(OAuthError) {
                try await oauthClient.revoke(tokens)
                actions.append(.tokensRevoked(at: endpoints.revoke.absoluteString, clientId: oauth.clientId))
            } catch {
                actions.append(.failed("revoking the tokens at \(endpoints.revoke.absoluteString): \(error.description)"))
            }
        }
        let cookie = await client.cookieJar.cookie(named: server.cookieName)?.value
        if let tokenId = ssoToken ?? cookie {
            do throws(JourneyError) {
                let outcome = try await client.logout(tokenId: tokenId)
                actions.append(.sessionLoggedOut(at: server.sessionsURL.absoluteString, cookieName: server.cookieName,
                                                 user: userName, alreadyEnded: outcome == .alreadyEnded))
            } catch {
                actions.append(.failed("logging out at \(server.sessionsURL.absoluteString): \(error.description)"))
            }
        } else {
            await client.clearCookies()
        }
        return actions
    }
}
