/// What a successful journey does with the session its first request carried.
enum SessionUse: Sendable {
    /// Make a new session (or, with `noSession`, none).
    case create
    /// Step this session up in place when its user succeeds (`StepUp`, advice journeys).
    case upgrade(tokenId: String)
    /// Return this session unchanged when its user succeeds (`ConfirmTransaction`).
    case keep(tokenId: String)
}
