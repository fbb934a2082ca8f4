import Foundation
import Orchestrate

/// Signs a journey instance's SSO session in to its OAuth client: the one way `journey login`,
/// the full-screen UI and `journey request`'s step-up get tokens. It mints them (authorize with
/// the SSO token and a step-up's requirements, then the kind-neutral
/// ``OAuthClient/mint(code:pkce:ssoToken:policy:now:)``, which refuses a replayed or forged ID
/// token), keeps them in the instance's token store with the session that minted them, and
/// revokes at their issuer the tokens an older session minted.
public struct SignInService: Sendable {
    public let instance: ClientInstance
    public let server: ServerConfiguration
    public let oauth: OAuthClient
    /// Which tokens are kept by their ID token.
    public let policy: IDTokenPolicy

    public init(instance: ClientInstance, server: ServerConfiguration, oauth: OAuthClient, policy: IDTokenPolicy = .keepUncheckable) {
        self.instance = instance
        self.server = server
        self.oauth = oauth
        self.policy = policy
    }

    /// New tokens for the session `ssoToken`, verified and kept (``mint(for:requirements:)``,
    /// then ``keep(_:)``); tokens that cannot be kept are revoked, so none is left live unkept.
    public func fetchTokens(for ssoToken: String, requirements: TokenRequirements = TokenRequirements()) async throws(SignInError) -> MintedTokens {
        let minted: MintedTokens
        do throws(OAuthError) {
            minted = try await mint(for: ssoToken, requirements: requirements)
        } catch {
            throw .oauth(error)
        }
        do throws(SignInError) {
            try await keep(minted.tokens)
        } catch {
            if case .notKept = error { try? await oauth.revoke(minted.tokens) }
            throw error
        }
        return minted
    }

    /// New tokens for the session `ssoToken`, not kept yet. `requirements` adds a step-up's
    /// `acr_values` and `max_age`. Tokens whose ID token the policy refuses are revoked and
    /// thrown away (`OAuthError.idTokenRefused`).
    public func mint(for ssoToken: String, requirements: TokenRequirements = TokenRequirements()) async throws(OAuthError) -> MintedTokens {
        try await oauth.signIn(ssoToken: ssoToken, requirements: requirements, policy: policy)
    }

    /// Keeps tokens in the instance's token store, under its renewal lock, with the session that
    /// minted them; tokens they displace that another session minted are then revoked at their
    /// issuer (the SDKs' rule for a new session). When the store no longer holds the session
    /// that minted `tokens` (signed out or replaced while they were on their way), they are
    /// revoked instead and `.oauth(.noSession)` is thrown. A store that cannot be read or
    /// written throws `.notKept`, the tokens left live for the caller to use or revoke.
    public func keep(_ tokens: OAuthTokens) async throws(SignInError) {
        let custody = instance.tokenCustody(on: server, clientId: oauth.configuration.clientId)
        let oauth = oauth
        do {
            try await custody.keep(minted: StoredTokens(tokens: tokens, endpoints: oauth.endpoints)) { stale in
                try? await oauth.using(stale.endpoints).revoke(stale.tokens)
            }
        } catch let error as OAuthError {
            throw .oauth(error)
        } catch let error as StoreError {
            throw .notKept(error)
        } catch {
            throw .notKept(.cannotWrite(instance.stores.tokens, reason: String(describing: error)))
        }
    }

    /// Revokes at their issuer, and forgets, the tokens the store holds for this client when the
    /// session `ssoToken` minted them: that session is being replaced or ended.
    public func revokeTokens(mintedBy ssoToken: String) async throws(StoreError) {
        let clientId = oauth.configuration.clientId
        guard let stored = try instance.tokens(on: server, clientId: clientId), stored.tokens.wereMinted(by: ssoToken) else { return }
        try? await oauth.using(stored.endpoints).revoke(stored.tokens)
        try instance.forget(tokensOn: server, clientId: clientId)
    }
}

/// Why a sign-in has no tokens to show for it.
public enum SignInError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The issuer gave none, or they were refused (``OAuthError/idTokenRefused(_:)``).
    case oauth(OAuthError)
    /// The tokens were minted but the instance's token store could not keep them.
    case notKept(StoreError)

    public var description: String {
        switch self {
        case .oauth(let error): error.description
        case .notKept(let error): "The new tokens could not be kept: \(error.description)"
        }
    }
}
