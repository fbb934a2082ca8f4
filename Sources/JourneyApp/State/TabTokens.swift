import Foundation
import JourneyEngine
import Orchestrate

/// What the token inspector of a signed-in tab shows.
public struct TabTokens: Sendable {
    public var tokens: OAuthTokens?
    public var endpoints: OAuthEndpoints?
    public var idTokenClaims: TokenClaims?
    /// Token values are shown only after the person asks (x).
    public var valuesRevealed = false
    public var userinfo: JSONValue?
    /// What is under way (fetching, refreshing, revoking, asking userinfo), until the runtime reports.
    public var work: Work?
    /// What the last request did, when it went well ("Refreshed: …").
    public var notice: String?
    public var problem: String?

    /// Work the token inspector waits for.
    public enum Work: Sendable, Equatable {
        /// New tokens from the SSO session (after signing in, after a revocation, for a new session).
        case fetching
        case refreshing
        case revoking
        case userinfo(issuer: String)
        /// Text went to the clipboard: said, nothing to wait for.
        case copied

        /// The status line while it is under way.
        public var text: String {
            switch self {
            case .fetching: "Fetching OAuth tokens with the session…"
            case .refreshing: "Refreshing the tokens…"
            case .revoking: "Revoking the tokens…"
            case .userinfo(let issuer): "Asking \(issuer)'s userinfo…"
            case .copied: "Access token sent to the clipboard (OSC 52)."
            }
        }
    }

    /// The status line: what is under way, if anything.
    public var activity: String? { work?.text }

    public init(fetching: Bool = false) {
        if fetching { work = .fetching }
    }
}

/// What the runtime reports back about a tab's tokens.
public enum TokenReport: Sendable {
    case fetched(OAuthTokens, OAuthEndpoints, TokenClaims?)
    /// These tokens were revoked at their issuer (a report about other tokens than the tab shows
    /// now changes nothing on screen).
    case revoked(OAuthTokens)
    case userinfo(JSONValue)
    case failed(OAuthError)
}
