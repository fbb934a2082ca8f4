/// The demo AM's tiny identity provider (`/demo/idp/…`), standing in for Google, an OIDC
/// provider or a SAML IdP: its authorization page signs the provider's one user in at once and
/// sends the browser back to the client's redirect URI with a `code` and the `state` it was given.
/// `SocialLogin` redeems the code (once, within a minute, for the same client and redirect URI),
/// as AM's Social Provider Handler node does at a real provider's token endpoint.
actor DemoIdentityProvider {
    /// The provider name `SocialLogin` offers in its `SelectIdPCallback`.
    static let providerName = "demo-idp"
    /// The client AM is registered as at the provider.
    static let clientId = "demo-am-social"
    /// The user the provider signs in, and the demo AM account it maps to.
    static let username = "demo"
    /// Where the provider sends the browser back: AM's social client redirect URI, a page of the
    /// demo AM that shows the address to paste into a client (`/demo/idp/landing`).
    static func redirectURI(baseURL: String) -> String {
        baseURL + "/demo/idp/landing"
    }

    private static let codeLifetime = Duration.seconds(60)

    /// A code issued by the authorization page, waiting to be redeemed.
    private struct Issued {
        let redirectURI: String
        let state: String
        let issued: ContinuousClock.Instant
    }

    private var codes: [String: Issued] = [:]

    /// A new code for a sign-in that was asked with `state` and will return to `redirectURI`.
    func issueCode(redirectURI: String, state: String) -> String {
        let now = ContinuousClock.now
        codes = codes.filter { now - $0.value.issued < Self.codeLifetime }
        let code = RandomToken.base64URL(bytes: 24)
        codes[code] = Issued(redirectURI: redirectURI, state: state, issued: now)
        return code
    }

    /// The user the code signs in, once; nil for an unknown, used or expired code, or one issued
    /// for another redirect URI or sign-in (`state`).
    func redeem(_ code: String, redirectURI: String, state: String) -> String? {
        guard let issued = codes.removeValue(forKey: code), ContinuousClock.now - issued.issued < Self.codeLifetime,
              issued.redirectURI == redirectURI, issued.state == state else { return nil }
        return Self.username
    }
}
