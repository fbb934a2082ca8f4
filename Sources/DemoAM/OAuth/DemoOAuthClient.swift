/// An OAuth 2.0 client of the demo AM: public (no secret), authorization code flow with PKCE `S256`.
public struct DemoOAuthClient: Sendable {
    public let clientId: String
    /// The redirect URIs `authorize` accepts, compared exactly.
    public let redirectURIs: [String]
    /// The scopes the client may ask for; a request without `scope` gets all of them.
    public let scopes: [String]
    /// Whether the user's consent is implied. When it is not, `authorize` answers `consent_required`,
    /// because the demo AM has no consent page.
    public let impliedConsent: Bool
}

extension DemoAM {
    /// The OAuth 2.0 clients every server has, in both realms.
    public static let oauthClients = [
        DemoOAuthClient(
            clientId: "journeyterm", redirectURIs: ["http://127.0.0.1/callback", "urn:journeyterm:callback"],
            scopes: ["openid", "profile", "email"], impliedConsent: true
        ),
        DemoOAuthClient(
            clientId: "needs-consent", redirectURIs: ["http://127.0.0.1/callback", "urn:journeyterm:callback"],
            scopes: ["openid", "profile", "email"], impliedConsent: false
        ),
    ]

    /// The client with this `client_id`.
    static func oauthClient(id: String?) -> DemoOAuthClient? {
        oauthClients.first { $0.clientId == id }
    }
}
