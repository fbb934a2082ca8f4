import Foundation
import Orchestrate

/// A named client instance and its stores: profile, SSO session, OAuth tokens, cookies, and the
/// step a journey waits on while the person is in a browser ("browser-<instance>"). By
/// default instances share the "session" and "tokens" stores (the SDKs' default); cookies and
/// the profile are per instance. Records belong to a server and realm (tokens also to a client),
/// so nothing stored for one server is ever sent to another.
///
/// Made from options, an instance also follows their caching rules: `cookieCache` (how long a
/// stored session is trusted before AM is asked again, `checkedSession(through:)`) and
/// `oauthCache` (how long this process reuses the tokens it read without reading the store
/// again). `now` is the clock both read.
public struct ClientInstance: Sendable {
    public let name: String
    public let stores: InstanceStores
    /// `cookieCache`: seconds a stored session is trusted after AM last accepted it; 0 asks every time.
    public let cookieCacheSeconds: Double
    let now: @Sendable () -> Date
    let backend: any RecordStore
    let tokenCache: TokenCache

    public init(name: String, backend: any RecordStore, sharedSession: Bool = true, sharedTokens: Bool = true) throws(StoreError) {
        try self.init(name: name, backend: backend,
                      stores: InstanceStores(instance: name, sharedSession: sharedSession, sharedTokens: sharedTokens),
                      cookieCacheSeconds: 0, oauthCacheSeconds: 0, now: { Date() })
    }

    /// An instance using the stores its options name (`sessionStore`, `keychainAccessGroup` …)
    /// and their `cookieCache` and `oauthCache`.
    public init(name: String, backend: any RecordStore, options: JourneyOptions,
                now: @escaping @Sendable () -> Date = { Date() }) throws(StoreError) {
        try self.init(name: name, backend: backend, stores: options.stores(forInstance: name),
                      cookieCacheSeconds: options.cookieCacheSeconds, oauthCacheSeconds: options.oauthCacheSeconds, now: now)
    }

    private init(name: String, backend: any RecordStore, stores: InstanceStores, cookieCacheSeconds: Double, oauthCacheSeconds: Double,
                 now: @escaping @Sendable () -> Date) throws(StoreError) {
        try InstanceStores.validate(instanceName: name)
        try stores.validate()
        self.name = name
        self.backend = backend
        self.stores = stores
        self.cookieCacheSeconds = cookieCacheSeconds
        self.now = now
        tokenCache = TokenCache(seconds: oauthCacheSeconds, now: now)
    }

    /// The same instance with the stores (and caching) other options name.
    public func using(_ options: JourneyOptions) throws(StoreError) -> ClientInstance {
        try ClientInstance(name: name, backend: backend, options: options, now: now)
    }

    private var profileStore: TypedStore<InstanceProfile> { TypedStore(name: "profile-\(name)", role: .profile, backend: backend) }
    private var sessionStore: TypedStore<StoredSession> { TypedStore(name: stores.session, role: .session, backend: backend) }
    var tokenStore: TypedStore<StoredTokens> { TypedStore(name: stores.tokens, role: .tokens, backend: backend) }
    private var cookieStore: TypedStore<CookieJar> { TypedStore(name: stores.cookies, role: .cookies, backend: backend) }
    private var handoffStore: TypedStore<BrowserHandoff> { TypedStore(name: "browser-\(name)", role: .browserStep, backend: backend) }

    /// Refuses, before anything is sent, stores that hold another role's or kind's record: a
    /// token store another instance uses as its session store, say (`StoreError.otherRole`).
    public func checkStores() throws(StoreError) {
        try sessionStore.check()
        try tokenStore.check()
        try cookieStore.check()
    }

    /// Profiles are not tied to a server: they say which server.
    private static let anyServer = StoreOwner(serverURL: "", realm: "", clientId: nil)

    public static func owner(_ server: ServerConfiguration, clientId: String? = nil) -> StoreOwner {
        StoreOwner(serverURL: server.baseURL.absoluteString, realm: server.realm.description, clientId: clientId)
    }

    public func profile() throws(StoreError) -> InstanceProfile? { try profileStore.load(for: Self.anyServer) }
    public func save(_ profile: InstanceProfile) throws(StoreError) { try profileStore.save(profile, for: Self.anyServer) }

    public func session(on server: ServerConfiguration) throws(StoreError) -> StoredSession? {
        try sessionStore.load(for: Self.owner(server))
    }

    public func save(_ session: StoredSession, on server: ServerConfiguration) throws(StoreError) {
        try sessionStore.save(session, for: Self.owner(server))
    }

    /// Whether the session store holds the session that minted `tokens` (any session, for tokens
    /// that name none): tokens belong to the session that minted them.
    public func holdsSession(thatMinted tokens: OAuthTokens, on server: ServerConfiguration) throws(StoreError) -> Bool {
        guard let tokenId = try session(on: server)?.success.tokenId else { return false }
        return tokens.sessionFingerprint == nil || tokens.wereMinted(by: tokenId)
    }

    /// Keeps a new session one sign-in at a time: while `keep` runs, no other process or tab
    /// keeps a session in this session store (the renewal lock's pattern, on the session store).
    /// `keep` gets the session stored now, which it displaces, so every displaced session is
    /// seen by exactly one successor (which logs it out) and none is left live at AM and held by
    /// no store; and the tokens a sign-in mints are saved before the next one displaces it.
    public func keepingNewSession<T: Sendable>(on server: ServerConfiguration,
                                               _ keep: (StoredSession?) async throws -> T) async throws -> T {
        try await backend.withRenewalLock(stores.session) {
            try await keep(try session(on: server))
        }
    }

    /// The tokens for the server and client: from this process's cache while `oauthCache`
    /// allows, else read from the store (and cached).
    public func tokens(on server: ServerConfiguration, clientId: String) throws(StoreError) -> StoredTokens? {
        let owner = Self.owner(server, clientId: clientId)
        return try tokenCache.tokens(for: owner) { () throws(StoreError) in try tokenStore.load(for: owner) }
    }

    /// Renews tokens one holder at a time (`TokenCustody`): `renew` gets the tokens as stored
    /// now, which another holder may just have renewed, and returns what to keep (nil: nothing
    /// changes); that is saved before the lock is released.
    public func renewingTokens<T: Sendable>(on server: ServerConfiguration, clientId: String,
                                            _ renew: (StoredTokens?) async throws -> (keep: StoredTokens?, result: T)) async throws -> T {
        try await tokenCustody(on: server, clientId: clientId).changingTokens { current in
            let (keep, result) = try await renew(current)
            return (keep.map(TokenChange.keep) ?? .leave, result)
        }
    }

    /// The tokens of the server and OAuth client, kept and renewed by the one rule (`TokenCustody`).
    public func tokenCustody(on server: ServerConfiguration, clientId: String) -> JourneyTokenCustody {
        JourneyTokenCustody(instance: self, server: server, clientId: clientId)
    }

    public func save(_ tokens: StoredTokens, on server: ServerConfiguration, clientId: String) throws(StoreError) {
        let owner = Self.owner(server, clientId: clientId)
        try tokenStore.save(tokens, for: owner)
        tokenCache.remember(tokens, for: owner)
    }

    public func cookies(on server: ServerConfiguration) throws(StoreError) -> CookieJar {
        try cookieStore.load(for: Self.owner(server)) ?? CookieJar()
    }

    public func save(_ cookies: CookieJar, on server: ServerConfiguration) throws(StoreError) {
        try cookieStore.save(cookies, for: Self.owner(server))
    }

    /// The step a journey of this instance waits on while the person is in a browser, if any.
    public func browserHandoff(on server: ServerConfiguration) throws(StoreError) -> BrowserHandoff? {
        try handoffStore.load(for: Self.owner(server))
    }

    /// Keeps the step a journey waits on while the person is in a browser (one per instance:
    /// a newer hand-off replaces an older one).
    public func keep(_ handoff: BrowserHandoff, on server: ServerConfiguration) throws(StoreError) {
        try handoffStore.save(handoff, for: Self.owner(server))
    }

    /// Forgets the kept step: the journey went on from it, or ended.
    public func forget(browserHandoffOn server: ServerConfiguration) throws(StoreError) {
        try handoffStore.clear(for: Self.owner(server))
    }

    /// Forgets the tokens this instance holds for the server and client.
    public func forget(tokensOn server: ServerConfiguration, clientId: String) throws(StoreError) {
        let owner = Self.owner(server, clientId: clientId)
        tokenCache.forget(owner)
        try tokenStore.clear(for: owner)
    }

    /// Forgets the session and the cookies this instance holds for the server; tokens stay.
    public func forget(sessionOn server: ServerConfiguration) throws(StoreError) {
        try sessionStore.clear(for: Self.owner(server))
        try cookieStore.clear(for: Self.owner(server))
    }

    /// Forgets the session, tokens, cookies and any step kept for a browser this instance holds
    /// for the server.
    public func forget(on server: ServerConfiguration, clientId: String?) throws(StoreError) {
        try forget(browserHandoffOn: server)
        try forget(sessionOn: server)
        if let clientId { try forget(tokensOn: server, clientId: clientId) }
    }
}
