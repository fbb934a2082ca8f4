import Orchestrate
/// What the owner of a `JourneyMachine` must do next.
public enum JourneyAction: Sendable {
    /// Send this request and feed the response to `received(_:)` (or a network error to
    /// `transportFailed(_:)`).
    case send(HTTPRequest)
    /// Show the step and, once answered, pass it to `submit(_:)`.
    case present(JourneyStep)
    /// Call `pollTimerFired()` after this delay (a PollingWait step).
    case schedulePoll(after: Duration)
    case succeeded(LoginSuccess)
    case failed(JourneyError)
}
