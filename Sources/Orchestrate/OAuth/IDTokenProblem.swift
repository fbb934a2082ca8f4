/// Why an ID token did not verify. Some problems are evidence that the token is not the answer
/// to this sign-in (replayed, forged, or for another issuer or client): tokens that come with
/// such an ID token are refused. The others only say it could not be checked here.
public enum IDTokenProblem: Sendable, Hashable, CustomStringConvertible {
    /// Not a JWT (an encrypted ID token, say): nothing here can check it.
    case notAJWT
    /// The issuer's signing keys could not be fetched or read.
    case keysUnavailable(String)
    /// It has no `exp`, or it has passed by this machine's clock (which clocks that disagree
    /// also cause).
    case expired
    /// The signature does not check out against the issuer's signing keys.
    case badSignature(String)
    /// Issued by another issuer than the one the tokens were asked from.
    case otherIssuer(found: String, expected: String)
    /// Not issued for this OAuth client.
    case otherAudience(clientId: String)
    /// Its `nonce` is not the one the authorize request sent: a replayed ID token.
    case otherNonce

    /// Whether the token checks out wrong (so the tokens are not the answer to this sign-in),
    /// rather than could not be checked.
    public var isEvidenceAgainstToken: Bool {
        switch self {
        case .badSignature, .otherIssuer, .otherAudience, .otherNonce: true
        case .notAJWT, .keysUnavailable, .expired: false
        }
    }

    public var description: String {
        switch self {
        case .notAJWT:
            "it is not a JWT"
        case .keysUnavailable(let reason):
            "the issuer's signing keys are unavailable: \(reason)"
        case .expired:
            "its exp is missing or past (by this machine's clock)"
        case .badSignature(let reason):
            "the signature does not check out (\(TerminalText.line(reason)))"
        case .otherIssuer(let found, let expected):
            "it was issued by \(TerminalText.line(found)), not \(TerminalText.line(expected))"
        case .otherAudience(let clientId):
            "it is not for the client \(TerminalText.line(clientId))"
        case .otherNonce:
            "its nonce is not the one sent (a replayed ID token)"
        }
    }
}

/// Which freshly minted tokens a sign-in keeps, by their ID token. Under either policy tokens
/// whose ID token checks out wrong (``IDTokenProblem/isEvidenceAgainstToken``, a wrong nonce
/// above all) are refused: revoked at the issuer and never stored. Tokens without an ID token
/// (no `openid` scope) have nothing to check and are kept.
public enum IDTokenPolicy: Sendable, Hashable {
    /// Also keeps tokens whose ID token could not be checked (keys unreachable, expired by this
    /// machine's clock, not a JWT), with the claims labelled unverified.
    case keepUncheckable
    /// Keeps only tokens whose ID token verified.
    case verifiedOnly

    /// Whether tokens with an ID token that has this problem are refused.
    public func refuses(_ problem: IDTokenProblem) -> Bool {
        switch self {
        case .keepUncheckable: problem.isEvidenceAgainstToken
        case .verifiedOnly: true
        }
    }
}
