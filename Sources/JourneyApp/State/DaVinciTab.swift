import DaVinci
import Orchestrate
import Renderer

/// A DaVinci tab's own state: the environment's endpoints once discovered, the run under way
/// (its PKCE verifier, `state` and `nonce`), the form on screen (kept while an answer is in
/// flight so nothing typed is lost) and where the flow stands.
public struct DaVinciTab: Sendable {
    public var endpoints: OAuthEndpoints?
    public var flow: DaVinciFlow?
    public var form: FlowForm?
    public var phase: Phase = .idle
    /// The poll a polling form waits for (or asks the challenge's status for), shown with the
    /// spinner; nil when the form does not poll.
    public var polling: PollProgress?
    /// The social sign-on the flow left for a browser at, while the page waits for the address
    /// the browser lands on; also kept in the instance's store. The form it was pressed on stays
    /// in `form` (none when the tab reopened a kept one).
    public var browser: FlowBrowserPage?

    /// Where a flow stands.
    public enum Phase: Sendable {
        case idle
        /// A request is in flight, or a polling form's wait (`purpose` `.poll`, `polling` says
        /// which poll); Esc cancels it (not the code exchange).
        case busy(RequestInFlight)
        case answering
        /// The flow ended with tokens (they are in the tab's `tokens`).
        case signedOn
        /// The flow failed, expired or could not be started (the banner says why).
        case ended
    }

    public init() {}
}
