import Orchestrate

/// A journey instance's tokens for one server and OAuth client: they belong to the session that
/// minted them, and are held while that session is in the instance's session store.
public struct JourneyTokenCustody: TokenCustody {
    public let instance: ClientInstance
    public let server: ServerConfiguration
    public let clientId: String

    private var owner: StoreOwner { ClientInstance.owner(server, clientId: clientId) }

    public var lockedStore: (backend: any RecordStore, name: String) { (instance.backend, instance.stores.tokens) }

    public func loadTokens() throws(StoreError) -> StoredTokens? {
        try instance.tokenStore.load(for: owner)
    }

    public func saveTokens(_ stored: StoredTokens) throws(StoreError) {
        try instance.save(stored, on: server, clientId: clientId)
    }

    public func forgetTokens() throws(StoreError) {
        try instance.forget(tokensOn: server, clientId: clientId)
    }

    public func holdsSignIn(of tokens: OAuthTokens) throws(StoreError) -> Bool {
        try instance.holdsSession(thatMinted: tokens, on: server)
    }

    public static func tokens(of stored: StoredTokens) -> OAuthTokens { stored.tokens }

    public static func renewed(_ stored: StoredTokens, with tokens: OAuthTokens) -> StoredTokens {
        StoredTokens(tokens: tokens, endpoints: stored.endpoints)
    }

    /// One session minted both (a refresh keeps the fingerprint of the session that minted them).
    public static func sameSignIn(_ one: OAuthTokens, _ other: OAuthTokens) -> Bool {
        one.sessionFingerprint == other.sessionFingerprint
    }
}
