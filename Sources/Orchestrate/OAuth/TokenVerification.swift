import Foundation
import JWTKit

/// A token's claims and whether they can be trusted. Claims are always labelled: decoded but
/// unverified claims are never presented as verified.
public struct TokenClaims: Sendable, Hashable {
    public enum Trust: Sendable, Hashable {
        case verified
        /// Why not: not a JWT, bad signature, wrong issuer/audience/nonce, expired, no keys.
        case unverified(String)
    }

    /// The payload, decoded (empty when the token is not a JWT).
    public let claims: JSONValue
    /// Why the token did not verify; nil when it did.
    public let problem: IDTokenProblem?

    public var trust: Trust { problem.map { .unverified($0.description) } ?? .verified }
    public var isVerified: Bool { problem == nil }
    /// Who signed in, by `preferred_username` (else `sub`), only when the token was verified.
    public var userName: String? {
        guard isVerified else { return nil }
        return claims["preferred_username"]?.stringValue ?? claims["sub"]?.stringValue
    }

    /// Decodes a JWT's payload without checking anything.
    public static func decode(_ token: String) -> JSONValue? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let data = Data(base64URLEncoded: String(parts[1])) else { return nil }
        return try? JSONValue.parse(data)
    }
}

/// The signature only, checked by jwt-kit; the claims are checked here.
private struct SignedPayload: JWTPayload {
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

extension OAuthClient {
    /// Verifies an ID token: (when given) `nonce`, `aud` and `iss` from its payload, then its
    /// signature against the issuer's JWKS, then `exp`. The claims are checked first, so a wrong
    /// nonce is found even when the keys cannot be fetched. Never throws: a failure is reported
    /// in `problem`.
    public func verifyIDToken(_ token: String, nonce: String? = nil, now: Date = Date()) async -> TokenClaims {
        guard let claims = TokenClaims.decode(token) else {
            return TokenClaims(claims: .object([:]), problem: .notAJWT)
        }
        func unverified(_ problem: IDTokenProblem) -> TokenClaims { TokenClaims(claims: claims, problem: problem) }
        if let nonce, claims["nonce"]?.stringValue != nonce {
            return unverified(.otherNonce)
        }
        let audience = claims["aud"]?.stringValue.map { [$0] } ?? claims["aud"]?.stringArray ?? []
        guard audience.contains(configuration.clientId) else {
            return unverified(.otherAudience(clientId: configuration.clientId))
        }
        guard claims["iss"]?.stringValue == endpoints.issuer else {
            return unverified(.otherIssuer(found: claims["iss"]?.stringValue ?? "nobody", expected: endpoints.issuer))
        }
        let jwks: HTTPResponse
        do throws(TransportError) {
            jwks = try await connection.send(HTTPRequest(method: "GET", url: endpoints.jwks, headers: [HTTPHeader("Accept", "application/json")],
                                                        body: nil, timeout: timeout))
        } catch {
            return unverified(.keysUnavailable(error.description))
        }
        guard (200..<300).contains(jwks.status) else { return unverified(.keysUnavailable("the JWKS answered HTTP \(jwks.status)")) }
        let keys = JWTKeyCollection()
        do {
            try await keys.add(jwksJSON: String(decoding: jwks.body, as: UTF8.self))
        } catch {
            return unverified(.keysUnavailable("the JWKS could not be read (\(TerminalText.line(String(describing: error))))"))
        }
        do {
            _ = try await keys.verify(token, as: SignedPayload.self)
        } catch {
            return unverified(.badSignature(String(describing: error)))
        }
        guard let expiry = claims["exp"]?.doubleValue, Date(timeIntervalSince1970: expiry) > now else {
            return unverified(.expired)
        }
        return TokenClaims(claims: claims, problem: nil)
    }
}
