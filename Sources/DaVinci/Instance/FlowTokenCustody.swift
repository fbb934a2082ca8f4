import Orchestrate

/// A DaVinci instance's tokens for one environment and application: each finished flow is a
/// sign-in of its own, held as long as its tokens are stored.
public struct FlowTokenCustody: TokenCustody {
    public let instance: DaVinciInstance
    public let configuration: DaVinciConfiguration

    private var owner: StoreOwner { DaVinciInstance.owner(configuration, clientId: configuration.oauth.clientId) }

    public var lockedStore: (backend: any RecordStore, name: String) { (instance.backend, instance.stores.tokens) }

    public func loadTokens() throws(StoreError) -> StoredFlowTokens? {
        try instance.tokenStore.load(for: owner)
    }

    public func saveTokens(_ stored: StoredFlowTokens) throws(StoreError) {
        try instance.tokenStore.save(stored, for: owner)
    }

    public func forgetTokens() throws(StoreError) {
        try instance.tokenStore.clear(for: owner)
    }

    /// A flow's tokens need no session behind them: a sign-off forgets them, which a renewal sees
    /// as the stored tokens gone.
    public func holdsSignIn(of tokens: OAuthTokens) throws(StoreError) -> Bool { true }

    public static func tokens(of stored: StoredFlowTokens) -> OAuthTokens { stored.tokens }

    public static func renewed(_ stored: StoredFlowTokens, with tokens: OAuthTokens) -> StoredFlowTokens {
        StoredFlowTokens(tokens: tokens, endpoints: stored.endpoints, userName: stored.userName)
    }

    /// Every flow signs on anew: only the very same tokens are one sign-on.
    public static func sameSignIn(_ one: OAuthTokens, _ other: OAuthTokens) -> Bool {
        one.accessToken == other.accessToken && one.refreshToken == other.refreshToken
    }
}
