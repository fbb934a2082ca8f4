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
    /// Fetching, refreshing, revoking: what is under way, for the status line.
    public var activity: String?
    public var problem: String?

    public init() {}
}

/// What the runtime reports back about a tab's tokens.
public enum TokenReport: Sendable {
    case fetched(OAuthTokens, OAuthEndpoints, TokenClaims?)
    case revoked
    case userinfo(JSONValue)
    case failed(OAuthError)
}
