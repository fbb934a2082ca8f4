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
    public let trust: Trust

    public var isVerified: Bool { trust == .verified }

    /// Decodes a JWT's payload without checking anything.
    public static func decode(_ token: String) -> JSONValue? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let data = Data(base64URLEncoded: String(parts[1])) else { return nil }
        return try? JSONValue.parse(data)
    }
}

/// The signature and expiry, checked by jwt-kit; issuer, audience and nonce are checked here.
private struct SignedPayload: JWTPayload {
    let exp: ExpirationClaim

    func verify(using algorithm: some JWTAlgorithm) async throws {
        try exp.verifyNotExpired()
    }
}

extension OAuthClient {
    /// Verifies an ID token: signature against the realm's JWKS, then `iss`, `aud`, `exp` and
    /// (when given) `nonce`. Never throws: a failure is reported in `trust`.
    public func verifyIDToken(_ token: String, nonce: String? = nil) async -> TokenClaims {
        guard let claims = TokenClaims.decode(token) else {
            return TokenClaims(claims: .object([:]), trust: .unverified("it is not a JWT"))
        }
        func unverified(_ reason: String) -> TokenClaims { TokenClaims(claims: claims, trust: .unverified(reason)) }
        let jwks: HTTPResponse
        do throws(TransportError) {
            jwks = try await connection.send(HTTPRequest(method: "GET", url: endpoints.jwks, headers: [HTTPHeader("Accept", "application/json")],
                                                        body: nil, timeout: timeout))
        } catch {
            return unverified("the signing keys could not be fetched: \(error.description)")
        }
        guard (200..<300).contains(jwks.status) else { return unverified("the signing keys could not be fetched (HTTP \(jwks.status))") }
        do {
            let keys = JWTKeyCollection()
            try await keys.add(jwksJSON: String(decoding: jwks.body, as: UTF8.self))
            _ = try await keys.verify(token, as: SignedPayload.self)
        } catch {
            return unverified("the signature or expiry does not check out (\(TerminalText.line(String(describing: error))))")
        }
        guard claims["iss"]?.stringValue == endpoints.issuer else {
            return unverified("it was issued by \(TerminalText.line(claims["iss"]?.stringValue ?? "nobody")), not \(TerminalText.line(endpoints.issuer))")
        }
        let audience = claims["aud"]?.stringValue.map { [$0] } ?? claims["aud"]?.stringArray ?? []
        guard audience.contains(configuration.clientId) else {
            return unverified("it is not for the client \(configuration.clientId)")
        }
        if let nonce, claims["nonce"]?.stringValue != nonce {
            return unverified("its nonce is not the one sent")
        }
        return TokenClaims(claims: claims, trust: .verified)
    }
}
