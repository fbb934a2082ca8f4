import Foundation

/// What `cookieCache` (Android's `cookieCacheSeconds`) made of a stored session: trusted as it
/// is, confirmed by AM just now, or ended at AM and forgotten here.
public enum SessionCheck: Sendable, Hashable {
    /// AM accepted it (or issued it) `age` seconds ago, less than `cookieCache`: used without asking.
    case trusted(StoredSession, age: TimeInterval)
    /// AM accepts it: checked just now, and the time of the check is stored with it.
    case confirmed(StoredSession)
    /// AM no longer accepts it (logged out elsewhere, expired): the instance forgot it and its cookies.
    case ended(StoredSession)

    /// The session to use; nil when it ended.
    public var usable: StoredSession? {
        switch self {
        case .trusted(let session, _), .confirmed(let session): session
        case .ended: nil
        }
    }
}

extension ClientInstance {
    /// The stored session for the client's server, checked with AM (`validate`) unless AM last
    /// accepted it less than `cookieCacheSeconds` ago; nil when there is none.
    ///
    /// A session AM no longer accepts is forgotten with the instance's cookies for that server
    /// (the client's cookie jar is emptied too, so they are not saved back); its tokens stay,
    /// since they may still be refreshed. A failed request throws `JourneyError` and changes nothing.
    public func checkedSession(through client: JourneyClient) async throws -> SessionCheck? {
        let server = client.server
        guard let stored = try session(on: server), let tokenId = stored.success.tokenId else { return nil }
        let time = now()
        let age = time.timeIntervalSince(stored.lastConfirmed)
        if (0..<cookieCacheSeconds).contains(age) {
            return .trusted(stored, age: age)
        }
        guard try await client.validate(tokenId: tokenId) else {
            try forget(sessionOn: server)
            await client.clearCookies()
            return .ended(stored)
        }
        var checked = stored
        checked.checked = time
        try save(checked, on: server)
        return .confirmed(checked)
    }
}
