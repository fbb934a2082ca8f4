import Crypto
import Foundation

/// What `/access_token` issued, with when, and which SSO session minted it.
public struct OAuthTokens: Sendable, Hashable, Codable {
    public var accessToken: String
    public var tokenType: String
    public var scope: String?
    public var expiresIn: Int
    public var refreshToken: String?
    public var idToken: String?
    public var issuedAt: Date
    /// SHA-256 of the SSO token that minted these tokens (the token itself is not kept twice):
    /// a new session means these tokens are revoked and new ones minted, as the SDKs do.
    public var sessionFingerprint: String?
    /// The server's clock when it issued these tokens. Expiry is counted from `expires_in` on
    /// this machine's clock; this says how far AM's `exp` claims are from it.
    public var serverClock: ServerClock?

    public var expiresAt: Date { issuedAt.addingTimeInterval(TimeInterval(Self.lifetime(expiresIn))) }

    /// The longest access-token lifetime kept, ten years: a longer `expires_in` is clamped to
    /// it, a negative one to 0 (expired at once, so the next use renews it). Clamped when a
    /// token response is read, and again when stored tokens are read (stores written before).
    public static let longestLifetime = 315_360_000

    /// `expires_in` within 0…`longestLifetime`.
    static func lifetime(_ expiresIn: Int) -> Int {
        min(max(expiresIn, 0), longestLifetime)
    }

    /// Whether the access token expires within `threshold` seconds of `now`.
    public func expires(withinSeconds threshold: Int, at now: Date) -> Bool {
        now.addingTimeInterval(TimeInterval(threshold)) >= expiresAt
    }

    /// Whether these tokens were minted from this SSO token.
    public func wereMinted(by ssoToken: String) -> Bool {
        sessionFingerprint == Self.fingerprint(of: ssoToken)
    }

    static func fingerprint(of ssoToken: String) -> String {
        SHA256.hash(data: Data(ssoToken.utf8)).hexDigits
    }

    /// Reads a token endpoint's answer. A refresh that returns no refresh token keeps
    /// `previous`'s; `sessionToken` is the session the tokens were minted for, if any.
    public init(response json: JSONValue, issuedAt: Date, serverClock: ServerClock?, sessionToken: String?,
         previous: OAuthTokens? = nil) throws(OAuthError) {
        guard let accessToken = json["access_token"]?.stringValue, !accessToken.isEmpty else {
            throw .malformed("the token response has no access_token")
        }
        self.accessToken = accessToken
        tokenType = json["token_type"]?.stringValue ?? "Bearer"
        scope = json["scope"]?.stringValue ?? previous?.scope
        expiresIn = Self.lifetime(ReadableDuration.whole(json["expires_in"]?.doubleValue ?? 0))
        refreshToken = json["refresh_token"]?.stringValue ?? previous?.refreshToken
        idToken = json["id_token"]?.stringValue ?? previous?.idToken
        self.issuedAt = issuedAt
        self.serverClock = serverClock
        sessionFingerprint = sessionToken.map(Self.fingerprint) ?? previous?.sessionFingerprint
    }
}
