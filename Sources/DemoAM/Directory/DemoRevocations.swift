import Crypto
import Foundation

/// What this server ended on request: the SSO sessions logged out and the OAuth 2.0 tokens revoked,
/// oldest first. Read it with ``DemoAM/revocations()`` or `GET /am/demo/revocations`, to see that a
/// client's sign-out reached this server (and not another one).
///
/// Tokens appear only as fingerprints (``fingerprint(of:)``), never whole.
public struct DemoRevocations: Sendable, Equatable {
    /// Sessions ended by `/sessions?_action=logout` or `/oauth2/…/connect/endSession`.
    public internal(set) var sessionsLoggedOut: [SessionLogout] = []
    /// Tokens revoked by `/oauth2/…/token/revoke`: the token sent, and for a refresh token every
    /// other token of its grant that the revocation ended with it.
    public internal(set) var tokensRevoked: [TokenRevocation] = []

    /// One SSO session ended.
    public struct SessionLogout: Sendable, Equatable {
        public let at: Date
        /// The session's realm: `/` or `/alpha`.
        public let realm: String
        /// The user the session was for.
        public let user: String
        /// The request that ended it, without its parameters except `_action`, e.g.
        /// `POST /am/json/realms/root/realms/alpha/sessions?_action=logout`.
        public let request: String
        /// ``DemoRevocations/fingerprint(of:)`` of the session's SSO token.
        public let tokenFingerprint: String
    }

    /// One OAuth 2.0 token revoked.
    public struct TokenRevocation: Sendable, Equatable {
        public let at: Date
        /// The realm of the token's grant.
        public let realm: String
        /// The client the token was issued to.
        public let clientId: String
        public let tokenType: TokenType
        /// The request that revoked it, e.g. `POST /am/oauth2/realms/root/token/revoke`.
        public let request: String
        /// ``DemoRevocations/fingerprint(of:)`` of the token.
        public let tokenFingerprint: String
    }

    /// The kind of a revoked token, by its OAuth 2.0 name.
    public enum TokenType: String, Sendable {
        case accessToken = "access_token"
        case refreshToken = "refresh_token"
    }

    /// The first 8 hexadecimal digits of the token's SHA-256: enough to tell tokens apart, useless
    /// as a credential.
    public static func fingerprint(of token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).prefix(4).map { String(format: "%02x", $0) }.joined()
    }
}

extension DemoRevocations {
    /// `{"sessionsLoggedOut":[…],"tokensRevoked":[…]}` with ISO 8601 times.
    var json: JSONValue {
        let formatter = ISO8601DateFormatter()
        return .object([
            ("sessionsLoggedOut", .array(sessionsLoggedOut.map { logout in
                .object([
                    ("at", .string(formatter.string(from: logout.at))), ("realm", .string(logout.realm)), ("user", .string(logout.user)),
                    ("request", .string(logout.request)), ("tokenFingerprint", .string(logout.tokenFingerprint)),
                ])
            })),
            ("tokensRevoked", .array(tokensRevoked.map { revocation in
                .object([
                    ("at", .string(formatter.string(from: revocation.at))), ("realm", .string(revocation.realm)),
                    ("clientId", .string(revocation.clientId)), ("tokenType", .string(revocation.tokenType.rawValue)),
                    ("request", .string(revocation.request)), ("tokenFingerprint", .string(revocation.tokenFingerprint)),
                ])
            })),
        ])
    }
}
