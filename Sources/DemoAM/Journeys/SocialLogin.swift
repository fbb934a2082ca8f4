/// `SocialLogin`: pick an identity provider (`SelectIdPCallback`). The demo IdP goes on in a
/// browser: a `RedirectCallback` to its authorization page, which sends the browser back with a
/// `code` and the `state` it was given; the client then sends the step back with that query, and
/// the journey checks the state and redeems the code. `localAuthentication` goes on with a
/// username/password page.
struct SocialLoginJourney: CodedJourney {
    static let name = "SocialLogin"
    static let authLevel = 0
    static let amr = ["fed"]

    private enum Stage {
        case choosing
        /// Waiting for the browser's return from the provider, asked with this `state`.
        case redirected(state: String, redirectURI: String)
        case local
    }

    private var stage = Stage.choosing

    func firstPage(_ environment: JourneyEnvironment) -> Page {
        Page(
            stage: "SocialLoginProvider", header: "Sign in with",
            callbacks: [.selectIdP(providers: [(DemoIdentityProvider.providerName, "Demo IdP"), ("localAuthentication", nil)])]
        )
    }

    mutating func next(_ answers: Answers, _ environment: JourneyEnvironment) async throws(AMError) -> Outcome {
        switch stage {
        case .choosing:
            return try choose(answers.string(0), environment)
        case .redirected(let state, let redirectURI):
            return await returned(state: state, redirectURI: redirectURI, environment)
        case .local:
            guard let user = await UsernamePasswordPage.user(from: answers, in: environment.directory) else { return .failure }
            return .success(username: user.username)
        }
    }

    private mutating func choose(_ provider: String, _ environment: JourneyEnvironment) throws(AMError) -> Outcome {
        switch provider {
        case "localAuthentication":
            stage = .local
            return .page(UsernamePasswordPage.page(environment))
        case DemoIdentityProvider.providerName:
            let state = RandomToken.base64URL(bytes: 16)
            let redirectURI = DemoIdentityProvider.redirectURI(baseURL: environment.baseURL)
            stage = .redirected(state: state, redirectURI: redirectURI)
            return .page(Self.redirectPage(environment.baseURL, state: state, redirectURI: redirectURI))
        default:
            throw .badRequest("Unknown provider \(provider): SocialLogin offers \(DemoIdentityProvider.providerName) and localAuthentication")
        }
    }

    /// The browser's return: the query the client sent with the step. Without a `code` or an
    /// `error` the client came back without the browser, and the redirect is shown again.
    private func returned(state: String, redirectURI: String, _ environment: JourneyEnvironment) async -> Outcome {
        let query = environment.returnedQuery
        if let error = query["error"] {
            return .refused("The identity provider did not sign you in: \(error)")
        }
        guard let code = query["code"] else { return .page(Self.redirectPage(environment.baseURL, state: state, redirectURI: redirectURI)) }
        guard query["state"] == state else {
            return .refused("Not able to verify the state: the address is not the answer to this sign-in")
        }
        guard let username = await environment.identityProvider.redeem(code, redirectURI: redirectURI, state: state) else {
            return .refused("The identity provider did not accept the code: it is unknown, used or expired")
        }
        return .success(username: username)
    }

    private static func redirectPage(_ baseURL: String, state: String, redirectURI: String) -> Page {
        let query = FormEncoding.encode([
            ("client_id", DemoIdentityProvider.clientId), ("redirect_uri", redirectURI), ("response_type", "code"),
            ("scope", "openid profile"), ("state", state),
        ])
        return Page(stage: "SocialLoginRedirect", callbacks: [.redirect(to: baseURL + "/demo/idp/authorize?" + query)])
    }
}
