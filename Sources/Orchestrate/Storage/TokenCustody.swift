/// Where one sign-in's tokens are kept, in a token store other holders may share (tabs,
/// processes): a journey instance's for its server and OAuth client, a DaVinci instance's for its
/// environment and application. Each kind says how to read and write its record and whose
/// sign-in tokens belong to; the rule for keeping and renewing them is one, in the extension,
/// for every kind:
///
/// - One holder at a time: the store's renewal lock is held from reading what is stored to
///   saving what replaces it, so two holders never spend one refresh token.
/// - Tokens belong to a sign-in: they are kept or renewed only while it is still held here;
///   tokens nobody holds any more are revoked, not kept (`OAuthError.noSession`).
/// - A new sign-in displaces the tokens of another; those are revoked once the new ones are kept.
public protocol TokenCustody: Sendable {
    associatedtype Stored: Sendable & Equatable

    /// The record store, and the name of the token store whose renewal lock guards the tokens.
    var lockedStore: (backend: any RecordStore, name: String) { get }
    /// What the store holds now (never a cached copy).
    func loadTokens() throws(StoreError) -> Stored?
    func saveTokens(_ stored: Stored) throws(StoreError)
    func forgetTokens() throws(StoreError)
    /// Whether the sign-in `tokens` belong to is still held here (a journey's: the session that
    /// minted them is still in the session store).
    func holdsSignIn(of tokens: OAuthTokens) throws(StoreError) -> Bool
    /// The tokens of a stored record, and the record with renewed tokens.
    static func tokens(of stored: Stored) -> OAuthTokens
    static func renewed(_ stored: Stored, with tokens: OAuthTokens) -> Stored
    /// Whether two sets of tokens come from one sign-in (a renewal keeps it; a new sign-in does not).
    static func sameSignIn(_ one: OAuthTokens, _ other: OAuthTokens) -> Bool
}

/// Renewed tokens the store could not keep: the holder still has them to use.
public struct TokensNotKept<Stored: Sendable>: Error, Sendable {
    public let renewed: Stored
    public let problem: StoreError
}

/// What a change under the renewal lock does to the stored tokens.
public enum TokenChange<Stored: Sendable>: Sendable {
    case keep(Stored)
    case leave
    case forget
}

extension TokenCustody {
    /// Runs `change` under the renewal lock with what the store holds now, and applies what it
    /// returns before the lock is released.
    public func changingTokens<T: Sendable>(_ change: (Stored?) async throws -> (TokenChange<Stored>, result: T)) async throws -> T {
        let (backend, name) = lockedStore
        return try await backend.withRenewalLock(name) {
            let current = try loadTokens()
            let (what, result) = try await change(current)
            switch what {
            case .keep(let stored) where stored != current: try saveTokens(stored)
            case .forget where current != nil: try forgetTokens()
            case .keep, .forget, .leave: break
            }
            return result
        }
    }

    /// Keeps tokens a sign-in just obtained, while that sign-in is still held (else they are
    /// revoked: `.noSession`); tokens of another sign-in they displace are revoked after.
    /// Store failures are thrown as they are, the tokens left live for the caller.
    public func keep(minted: Stored, revoke: @Sendable (Stored) async -> Void) async throws {
        let tokens = Self.tokens(of: minted)
        let displaced: Stored? = try await changingTokens { current in
            guard try holdsSignIn(of: tokens) else { return (.leave, nil) }
            return (.keep(minted), current ?? minted)
        }
        guard let displaced else {
            await revoke(minted)
            throw OAuthError.noSession
        }
        if !Self.sameSignIn(Self.tokens(of: displaced), tokens) { await revoke(displaced) }
    }

    /// Renews the stored tokens with `refresh`, from the tokens stored when the lock is held
    /// (another holder may just have renewed them), and keeps the renewed ones. Nothing stored,
    /// or a sign-in no longer held, renews nothing (`.noSession`); a sign-out that came while
    /// the server renewed (it does not wait for the lock) leaves the renewed tokens nobody's:
    /// they are revoked, not kept (`.noSession`). Renewed tokens the store cannot keep are
    /// thrown as `TokensNotKept`, for the holder to use.
    public func renew(refresh: (OAuthTokens) async throws -> OAuthTokens,
                      revoke: @Sendable (OAuthTokens) async -> Void) async throws -> Stored {
        try await changingTokens { current in
            guard let current, try holdsSignIn(of: Self.tokens(of: current)) else { throw OAuthError.noSession }
            let fresh = try await refresh(Self.tokens(of: current))
            let renewed = Self.renewed(current, with: fresh)
            // From here on the holder has tokens the server just issued: a store that fails hands them back.
            let stillHeld: Bool
            do throws(StoreError) {
                let stored = try loadTokens()
                stillHeld = try stored == current ? holdsSignIn(of: Self.tokens(of: current)) : false
            } catch {
                throw TokensNotKept(renewed: renewed, problem: error)
            }
            guard stillHeld else {
                await revoke(fresh)
                throw OAuthError.noSession
            }
            do throws(StoreError) {
                try saveTokens(renewed)
            } catch {
                throw TokensNotKept(renewed: renewed, problem: error)
            }
            return (.leave, renewed)
        }
    }
}
