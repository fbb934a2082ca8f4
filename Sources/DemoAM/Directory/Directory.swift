import Foundation

/// The demo AM's users and SSO sessions, in memory.
///
/// User names match case-insensitively, as in AM's identity store.
actor Directory {
    private var users: [String: DemoUser]
    private var sessions: [String: Session] = [:]

    init(users: [DemoUser]) {
        self.users = Dictionary(users.map { ($0.username.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    }

    func user(named username: String) -> DemoUser? {
        users[username.lowercased()]
    }

    /// The user, when the password is theirs.
    func authenticate(username: String, password: String) -> DemoUser? {
        guard let user = user(named: username), user.password == password else { return nil }
        return user
    }

    /// The first user whose IDM attribute `attribute` is `value`: user names and mail addresses
    /// match case-insensitively, as in AM's identity store.
    func user(where attribute: String, is value: String) -> DemoUser? {
        if attribute == "userName" { return user(named: value) }
        let caseless = attribute == "mail"
        return users.values.sorted { $0.username < $1.username }.first { user in
            guard let text = user.attribute(attribute)?.scalarText else { return false }
            return caseless ? text.lowercased() == value.lowercased() : text == value
        }
    }

    /// Changes a user in place (a new user name included); nil when there is no such user, or
    /// when the new name is another user's.
    func change(_ username: String, _ edit: (inout DemoUser) -> Void) -> DemoUser? {
        guard var user = user(named: username) else { return nil }
        edit(&user)
        if user.username.lowercased() != username.lowercased() {
            guard self.user(named: user.username) == nil else { return nil }
            users[username.lowercased()] = nil
        }
        users[user.username.lowercased()] = user
        return user
    }

    /// Adds a user; `false` when the name is taken.
    func add(_ user: DemoUser) -> Bool {
        guard self.user(named: user.username) == nil else { return false }
        users[user.username.lowercased()] = user
        return true
    }

    /// Signs `username` in to `realm` with the level and methods of `journey`.
    func createSession(username: String, realm: String, journey: JourneyIdentity) -> Session {
        let session = Session(
            tokenId: Self.makeTokenId(), handle: RandomToken.base64URL(bytes: 16), username: username, realm: realm, journey: journey
        )
        sessions[session.tokenId] = session
        return session
    }

    /// Steps a live session up in place with the level and methods of `journey`; `nil` when it is gone.
    func upgrade(tokenId: String, journey: JourneyIdentity) -> Session? {
        sessions[tokenId]?.passed(journey)
        return sessions[tokenId]
    }

    func session(tokenId: String) -> Session? {
        sessions[tokenId]
    }

    /// The live session `tokenId` names, when it is one of `realm`.
    func session(tokenId: String, realm: String) -> Session? {
        sessions[tokenId].flatMap { $0.realm == realm ? $0 : nil }
    }

    /// Ends a session and returns it; `nil` when there was none.
    func endSession(tokenId: String) -> Session? {
        sessions.removeValue(forKey: tokenId)
    }

    /// Ends the session with this ``Session/handle`` and returns it; `nil` when it no longer exists.
    func endSession(handle: String) -> Session? {
        guard let tokenId = sessions.first(where: { $0.value.handle == handle })?.key else { return nil }
        return sessions.removeValue(forKey: tokenId)
    }

    /// An opaque token shaped like AM's: `<27 characters>.*AAJTSQACMDEAAlNLABw<random>*`.
    private static func makeTokenId() -> String {
        RandomToken.base64URL(bytes: 20) + ".*AAJTSQACMDEAAlNLABw" + RandomToken.base64URL(bytes: 30) + "AAJTMQAA*"
    }
}
