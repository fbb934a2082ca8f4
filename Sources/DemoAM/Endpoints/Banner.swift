import Foundation

/// The text that tells people what the demo AM is and how to sign in: ``DemoAM/banner`` and `GET /am`.
enum Banner {
    /// What the banner says about the HTTPS listener.
    struct HTTPS {
        let baseURL: String
        let pin: String
        let keyDescription: String
    }

    static func text(baseURL: String, https: HTTPS? = nil) -> String {
        func column(_ value: KeyPath<DemoUser, String>) -> (DemoUser) -> String {
            let width = DemoAM.builtInUsers.map { $0[keyPath: value].count }.max() ?? 0
            return { $0[keyPath: value].padding(toLength: width, withPad: " ", startingAt: 0) }
        }
        let name = column(\.username)
        let password = column(\.password)
        let users = DemoAM.builtInUsers.map { user in
            "  \(name(user))  password \(password(user))  TOTP secret \(user.totpSecret)  mail \(user.mail)"
        }
        let clientWidth = DemoAM.oauthClients.map(\.clientId.count).max() ?? 0
        let clients = DemoAM.oauthClients.map { client in
            let name = client.clientId.padding(toLength: clientWidth, withPad: " ", startingAt: 0)
            let redirects = client.redirectURIs.joined(separator: " or ")
            let consent = client.impliedConsent ? "" : "  (needs consent: authorize answers consent_required)"
            return "  \(name)  redirect \(redirects)  scopes \(client.scopes.joined(separator: " "))\(consent)"
        }
        let httpsLines = https.map { https in
            """
            HTTPS:    \(https.baseURL) (the same server; self-signed \(https.keyDescription) certificate for 127.0.0.1 and localhost)
                      SPKI pin (sslPinningPublicKeyHashes): \(https.pin)

            """
        } ?? ""
        return """
            Demo AM: an AM-compatible server for demos and tests only.
            It listens on 127.0.0.1 only, keeps everything in memory and is not secure.
            URL:      \(baseURL)
            \(httpsLines)Realms:   /       \(baseURL)/json/realms/root/authenticate  (SSO cookie \(DemoAM.sessionCookieName(forRealm: "/")))
                      /alpha  \(baseURL)/json/realms/root/realms/alpha/authenticate  (SSO cookie \(DemoAM.sessionCookieName(forRealm: "/alpha")))
            Journeys: \(DemoAM.journeys.joined(separator: ", "))
            Users:
            \(users.joined(separator: "\n"))
            Outbox:   \(baseURL)/demo/outbox (the emails MagicLink sends)
            Revoked:  \(baseURL)/demo/revocations (sessions logged out and tokens revoked here)
            OAuth 2.0 clients (public, code flow with PKCE S256, SSO token in the header named after the realm's cookie):
            \(clients.joined(separator: "\n"))
            Discovery: \(OAuth2.issuer(baseURL: baseURL, realm: "/"))/.well-known/openid-configuration
                       \(OAuth2.issuer(baseURL: baseURL, realm: "/alpha"))/.well-known/openid-configuration

            """
    }
}
