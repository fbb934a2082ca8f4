import DaVinci
import Orchestrate
import Renderer

/// A DaVinci tab's flow: the environment's endpoints once discovered, the run under way (its
/// PKCE verifier, `state` and `nonce`) and the form on screen, kept while an answer is in
/// flight so nothing typed is lost.
public struct FlowRun: Sendable {
    public var endpoints: OAuthEndpoints?
    public var flow: DaVinciFlow?
    public var form: FlowForm?

    public init() {}
}
