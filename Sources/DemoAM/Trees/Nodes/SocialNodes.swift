/// Select Identity Provider: a `SelectIdPCallback` offering the demo's identity provider (the
/// only social provider the demo AM has), less `filteredProviders`, and `localAuthentication`
/// with `includeLocalAuthentication`. A provider picked is kept in the shared `selectedIdp` and
/// goes on by `socialAuthentication`; an unknown one stops the journey.
struct SelectIdentityProvider: NodeBehaviour {
    func process(_ call: inout NodeCall) async -> NodeResult {
        let filtered = call["filteredProviders"]?.array?.compactMap(\.string) ?? []
        let providers = filtered.isEmpty || filtered.contains(DemoIdentityProvider.providerName) ? [DemoIdentityProvider.providerName] : []
        let local = call["includeLocalAuthentication"]?.bool ?? true
        guard providers.count + (local ? 1 : 0) > 1 else {
            guard let provider = providers.first else { return .outcome("localAuthentication") }
            call.state.setShared("selectedIdp", .string(provider))
            return .outcome("socialAuthentication")
        }
        guard let answers = call.answers else {
            return .ask([.selectIdP(providers: providers.map { ($0, "Demo IdP") } + (local ? [("localAuthentication", nil)] : []))])
        }
        switch answers.string(0) {
        case "localAuthentication" where local:
            return .outcome("localAuthentication")
        case let provider where providers.contains(provider):
            call.state.setShared("selectedIdp", .string(provider))
            return .outcome("socialAuthentication")
        case let other:
            return .refuse("Unknown provider \(other): this journey offers \((providers + (local ? ["localAuthentication"] : [])).joined(separator: " and "))")
        }
    }
}

/// Social Provider Handler: sends the browser to the selected provider's authorization page (a
/// `RedirectCallback` with a `state`), and when the client comes back with the browser's `code`
/// and that `state`, redeems the code. The account the provider names is `ACCOUNT_EXISTS` (the
/// shared `username` set) when the directory has it, else `NO_ACCOUNT`. A client back without a
/// code gets the redirect again.
struct SocialProviderHandler: NodeBehaviour {
    private static let stateKey = "socialProviderState"

    func process(_ call: inout NodeCall) async -> NodeResult {
        let baseURL = call.environment.baseURL
        let redirectURI = DemoIdentityProvider.redirectURI(baseURL: baseURL)
        let query = call.environment.returnedQuery
        if call.answers != nil, let state = call.state.secret[Self.stateKey]?.string {
            if let error = query["error"] { return .refuse("The identity provider did not sign you in: \(error)") }
            if let code = query["code"] {
                guard query["state"] == state else { return .refuse("Not able to verify the state: the address is not the answer to this sign-in") }
                guard let username = await call.environment.identityProvider.redeem(code, redirectURI: redirectURI, state: state) else {
                    return .refuse("The identity provider did not accept the code: it is unknown, used or expired")
                }
                call.state.setSecret(Self.stateKey, .null)
                guard let user = await call.environment.directory.user(named: username) else { return .outcome("NO_ACCOUNT") }
                call.state.setShared("username", .string(user.username))
                return .outcome("ACCOUNT_EXISTS")
            }
            return .ask([Self.redirect(baseURL, state: state, redirectURI: redirectURI)])
        }
        let state = RandomToken.base64URL(bytes: 16)
        call.state.setSecret(Self.stateKey, .string(state))
        return .ask([Self.redirect(baseURL, state: state, redirectURI: redirectURI)])
    }

    private static func redirect(_ baseURL: String, state: String, redirectURI: String) -> Callback {
        let query = FormEncoding.encode([
            ("client_id", DemoIdentityProvider.clientId), ("redirect_uri", redirectURI), ("response_type", "code"),
            ("scope", "openid profile"), ("state", state),
        ])
        return .redirect(to: baseURL + "/demo/idp/authorize?" + query)
    }
}
