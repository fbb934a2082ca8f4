/// Select Identity Provider: a `SelectIdPCallback` offering the demo's identity provider (the
/// only social provider the demo AM has), less `filteredProviders`, and `localAuthentication`
/// with `includeLocalAuthentication`. The choice is kept in the shared `selectedIdp`; a provider
/// goes on by `socialAuthentication`, the local choice by `localAuthentication`. With one choice
/// only it is taken without asking; with none, or an unknown one, the journey stops, as AM's does.
struct SelectIdentityProvider: NodeBehaviour {
    static let selectedKey = "selectedIdp"
    static let local = "localAuthentication"

    func process(_ call: inout NodeCall) async -> NodeResult {
        let filtered = call["filteredProviders"]?.array?.compactMap(\.string) ?? []
        let providers = filtered.isEmpty || filtered.contains(DemoIdentityProvider.providerName) ? [DemoIdentityProvider.providerName] : []
        let offered = providers + (call["includeLocalAuthentication"]?.bool ?? true ? [Self.local] : [])
        guard !offered.isEmpty else { return .refuse("No available authentication providers") }
        let chosen: String
        if offered.count == 1 {
            chosen = offered[0]
        } else if let answers = call.answers {
            chosen = answers.string(0)
            guard offered.contains(chosen) else { return .refuse("Selected provider is unknown") }
        } else {
            return .ask([.selectIdP(providers: offered.map { ($0, $0 == Self.local ? nil : "Demo IdP") })])
        }
        call.state.setShared(Self.selectedKey, .string(chosen))
        return .outcome(chosen == Self.local ? Self.local : "socialAuthentication")
    }
}

/// Social Provider Handler: sends the browser to the selected provider's authorization page (a
/// `RedirectCallback` with a `state`), and when the client comes back with the browser's `code`
/// and that `state`, redeems the code. The account the provider names is `ACCOUNT_EXISTS` when the
/// directory has it, else `NO_ACCOUNT`; either way the shared `username` and
/// `objectAttributes.<usernameAttribute>` hold it, for a registration after it. A client back
/// without a code gets the redirect again; the provider's error stops the journey.
struct SocialProviderHandler: NodeBehaviour {
    private static let stateKey = "socialProviderState"

    func process(_ call: inout NodeCall) async -> NodeResult {
        guard call.state.shared[SelectIdentityProvider.selectedKey]?.string == DemoIdentityProvider.providerName else {
            return .refuse("\(SelectIdentityProvider.selectedKey) not found in state")
        }
        let baseURL = call.environment.baseURL
        let redirectURI = DemoIdentityProvider.redirectURI(baseURL: baseURL)
        let query = call.environment.returnedQuery
        if call.answers != nil, let state = call.state.secret[Self.stateKey]?.string {
            if let error = query["error"] {
                // An OAuth error code is a short word; anything else the address holds is not repeated.
                let code = error.count <= 64 && error.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_-.".contains($0)) } ? ": \(error)" : ""
                return .refuse("The identity provider did not sign you in\(code)")
            }
            if let code = query["code"] {
                guard query["state"] == state else { return .refuse("Not able to verify the state: the address is not the answer to this sign-in") }
                guard let username = await call.environment.identityProvider.redeem(code, redirectURI: redirectURI, state: state) else {
                    return .refuse("The identity provider did not accept the code: it is unknown, used or expired")
                }
                call.state.setSecret(Self.stateKey, .null)
                let account = await call.environment.directory.user(named: username)
                let name = account?.username ?? username
                call.state.setShared("username", .string(name))
                call.state.setObjectAttribute(call["usernameAttribute"]?.string ?? "userName", .string(name))
                return .outcome(account == nil ? "NO_ACCOUNT" : "ACCOUNT_EXISTS")
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
