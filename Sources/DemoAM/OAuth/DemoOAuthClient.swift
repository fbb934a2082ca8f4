/// An OAuth 2.0 client of the demo AM.
///
/// Public clients (no secret) use the authorization code flow with PKCE `S256`. Confidential
/// clients (with a secret) are resource servers: they may only call `introspect`.
public struct DemoOAuthClient: Sendable {
    public let clientId: String
    /// The redirect URIs `authorize` accepts, compared exactly.
    public let redirectURIs: [String]
    /// The scopes the client may ask for; a request without `scope` gets all of them.
    public let scopes: [String]
    /// Whether the user's consent is implied. When it is not, `authorize` answers `consent_required`,
    /// because the demo AM has no consent page.
    public let impliedConsent: Bool
    /// The client secret of a confidential client (`client_secret_basic` or `client_secret_post`);
    /// `nil` for a public client.
    public let secret: String?
    /// How long this client's access tokens work, when shorter than the server's
    /// ``DemoAMConfiguration/accessTokenLifetime``; `nil` for the server's.
    public let accessTokenLifetime: Duration?

    init(
        clientId: String, redirectURIs: [String] = [], scopes: [String] = [], impliedConsent: Bool = true, secret: String? = nil,
        accessTokenLifetime: Duration? = nil
    ) {
        self.clientId = clientId
        self.redirectURIs = redirectURIs
        self.scopes = scopes
        self.impliedConsent = impliedConsent
        self.secret = secret
        self.accessTokenLifetime = accessTokenLifetime
    }

    /// The lifetime of this client's access tokens under `configuration`: its own, unless the
    /// server's is shorter.
    func accessTokenLifetime(in configuration: DemoAMConfiguration) -> Duration {
        min(accessTokenLifetime ?? configuration.accessTokenLifetime, configuration.accessTokenLifetime)
    }
}

extension DemoAM {
    private static let redirectURIs = ["http://127.0.0.1/callback", "urn:journeyterm:callback"]

    /// The OAuth 2.0 clients every server has, in both realms.
    public static let oauthClients = [
        DemoOAuthClient(clientId: "journeyterm", redirectURIs: redirectURIs, scopes: ["openid", "profile", "email"]),
        DemoOAuthClient(clientId: "needs-consent", redirectURIs: redirectURIs, scopes: ["openid", "profile", "email"], impliedConsent: false),
        DemoOAuthClient(
            clientId: "journeyterm-transactions", redirectURIs: redirectURIs, scopes: ["openid", "profile", "WRITE_TRANSACTION"],
            accessTokenLifetime: .seconds(300)
        ),
        DemoOAuthClient(clientId: "demo-api", secret: "demo-api-secret"),
    ]

    /// The public client with this `client_id`: one that may use `authorize`, `access_token` and `token/revoke`.
    static func oauthClient(id: String?) -> DemoOAuthClient? {
        oauthClients.first { $0.clientId == id && $0.secret == nil }
    }

    /// The confidential client with this `client_id`.
    static func confidentialClient(id: String?) -> DemoOAuthClient? {
        oauthClients.first { $0.clientId == id && $0.secret != nil }
    }
}
