import DemoPingOne
import Foundation

/// The text that tells people what the demo AM is and how to sign in: ``DemoAM/banner`` and `GET /am`.
enum Banner {
    /// What the banner says about the HTTPS listener.
    struct HTTPS {
        let baseURL: String
        let pin: String
        let keyDescription: String
    }

    /// `state`'s users and journeys: the demo's own users with their passwords, or the users of a
    /// users file without theirs (they are the file's to tell).
    static func text(baseURL: String, https: HTTPS? = nil, state: ServerState) -> String {
        let listed = state.configuration.users ?? DemoAM.builtInUsers
        func column(_ value: KeyPath<DemoUser, String>) -> (DemoUser) -> String {
            let width = listed.map { $0[keyPath: value].count }.max() ?? 0
            return { $0[keyPath: value].padding(toLength: width, withPad: " ", startingAt: 0) }
        }
        let name = column(\.username)
        let password = column(\.password)
        let users = state.configuration.users == nil
            ? listed.map { user in "  \(name(user))  password \(password(user))  TOTP secret \(user.totpSecret)  mail \(user.mail)" }
            : listed.prefix(20).map { user in "  \(name(user))  mail \(user.mail)  (password as in the users file)" }
                + (listed.count > 20 ? ["  … and \(listed.count - 20) more"] : [])
        let pingOne = state.pingOne
        let clientWidth = DemoAM.oauthClients.map(\.clientId.count).max() ?? 0
        let clients = DemoAM.oauthClients.map { client in
            let name = client.clientId.padding(toLength: clientWidth, withPad: " ", startingAt: 0)
            if let secret = client.secret {
                return "  \(name)  confidential, secret \(secret): may only call introspect (the demo API's own client)"
            }
            let redirects = client.redirectURIs.joined(separator: " or ")
            let consent = client.impliedConsent ? "" : "  (needs consent: authorize answers consent_required)"
            let lifetime = client.accessTokenLifetime.map { "  (access tokens \(Int($0.inSeconds)) s)" } ?? ""
            return "  \(name)  redirect \(redirects)  scopes \(client.scopes.joined(separator: " "))\(consent)\(lifetime)"
        }
        let origin = String(baseURL.dropLast("/am".count))
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
            Journeys: \(state.journeyNames(realm: "/").joined(separator: ", "))
            Users:
            \(users.joined(separator: "\n"))
            Admin:    \(DemoAM.administrator.username), password \(DemoAM.administrator.password): signed in (Login), reads the journeys' definitions (journey map)
            Outbox:   \(baseURL)/demo/outbox (the emails the journeys send)
            Revoked:  \(baseURL)/demo/revocations (sessions logged out and tokens revoked here)
            OAuth 2.0 clients (public ones: code flow with PKCE S256, SSO token in the header named after the realm's cookie):
            \(clients.joined(separator: "\n"))
            Discovery: \(OAuth2.issuer(baseURL: baseURL, realm: "/"))/.well-known/openid-configuration
                       \(OAuth2.issuer(baseURL: baseURL, realm: "/alpha"))/.well-known/openid-configuration
            Demo API (root realm; Authorization: Bearer <access token> or the iPlanetDirectoryPro session):
              GET  \(origin)/api/profile   who you are and how you signed in
              GET  \(origin)/api/balance   needs a one-time code: acr_values=StepUp, or the StepUp journey
              POST \(origin)/api/transfer  needs scope WRITE_TRANSACTION (journeyterm-transactions) and a confirmed transaction (X-TxID)
              GET or POST \(origin)/api/relay/transfer  any token or session; a denial is AM's decision itself, with HTTP 200
              GET or POST \(origin)/ig/transfer  the same behind an Identity Gateway: advice redirect, or SSOADVICE with x-authenticate-response: header
              Policies: \(baseURL)/json/realms/root/policies?_action=evaluate (application DemoTransactions)
            \(pingOne.bannerLines(origin: origin))

            """
    }
}
