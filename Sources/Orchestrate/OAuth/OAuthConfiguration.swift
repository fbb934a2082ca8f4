/// The OAuth 2.0 client an instance uses after its journey: AM issues tokens for the SSO
/// session through `/authorize` (no browser) and `/access_token`.
public struct OAuthConfiguration: Sendable, Hashable, Codable {
    /// The SDKs' default: refresh when the access token expires within 30 seconds.
    public static let defaultRefreshThresholdSeconds = 30

    public var clientId: String
    public var redirectURI: String
    public var scopes: [String]
    /// Refresh this many seconds before the access token expires.
    public var refreshThresholdSeconds: Int
    /// Sent to endSession as `post_logout_redirect_uri` (`oauthSignOutRedirectUri`).
    public var signOutRedirectURI: String?

    public init(clientId: String, redirectURI: String, scopes: [String],
                refreshThresholdSeconds: Int = OAuthConfiguration.defaultRefreshThresholdSeconds) throws(ConfigurationError) {
        guard !clientId.isEmpty, clientId.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
            throw .invalidValue(name: "client id", value: clientId, reason: "it must be a non-empty word")
        }
        guard redirectURI.contains(":"), !redirectURI.contains(where: \.isWhitespace) else {
            throw .invalidValue(name: "redirect URI", value: redirectURI, reason: "expected a URI such as http://127.0.0.1/callback")
        }
        guard !scopes.isEmpty, scopes.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && !$0.isWhitespace } }) else {
            throw .invalidValue(name: "scope", value: scopes.joined(separator: " "), reason: "expected words such as \"openid profile\"")
        }
        guard (0...3600).contains(refreshThresholdSeconds) else {
            throw .invalidValue(name: "refresh threshold", value: String(refreshThresholdSeconds), reason: "use 0 to 3600 seconds")
        }
        self.clientId = clientId
        self.redirectURI = redirectURI
        self.scopes = scopes
        self.refreshThresholdSeconds = refreshThresholdSeconds
    }

    /// Scopes as AM takes them: space-separated.
    public var scope: String { scopes.joined(separator: " ") }
}
