/// What a successful journey does with the session its first request carried.
enum SessionUse: Sendable {
    /// Make a new session (or, with `noSession`, none).
    case create
    /// Step this session up in place when its user succeeds (a journey it has not passed, an advice).
    case upgrade(tokenId: String)
    /// Return this session unchanged when its user succeeds (a transaction confirmed).
    case keep(tokenId: String)
    /// Make a new session, and end this one when its user succeeds (`ForceAuth`).
    case replace(tokenId: String)
}
