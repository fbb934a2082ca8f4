import Foundation
import Hummingbird

/// Mints a grant's tokens and writes the token response: a signed access token, an ID token when
/// `openid` is among the scopes, and the refresh token when the grant has a new one.
struct TokenMinter: Sendable {
    let state: ServerState

    /// `{"access_token","refresh_token","scope","id_token","token_type","expires_in"}`.
    func response(grantId: String, grant: Grant, scopes: [String], issuer: String, refreshToken: String?) async throws(OAuthError) -> Response {
        let lifetime = DemoAM.oauthClient(id: grant.clientId)?.accessTokenLifetime(in: state.configuration) ?? state.configuration.accessTokenLifetime
        let now = Date()
        let accessExpiry = Self.expiry(after: lifetime, from: now)
        let jti = RandomToken.base64URL(bytes: 20)
        let accessToken = try await state.signer.sign(JWTClaims(
            Self.head(grant, issuer: issuer, expiry: accessExpiry, now: now) + [
                ("scope", .string(scopes.joined(separator: " "))), ("auth_level", .int(grant.session.authLevel)),
                ("amr", Self.amr(grant)), ("acr", .string(grant.acr)), ("realm", .string(grant.realm)),
                ("jti", .string(jti)), ("tokenName", "access_token"),
            ]
        ))
        await state.oauth.recordAccessToken(accessToken, jti: jti, grantId: grantId, expires: accessExpiry)
        var body: [(key: String, value: JSONValue)] = [("access_token", .string(accessToken))]
        if let refreshToken {
            body.append(("refresh_token", .string(refreshToken)))
        }
        body.append(("scope", .string(scopes.joined(separator: " "))))
        if scopes.contains("openid") {
            body.append(("id_token", .string(try await idToken(grant, scopes: scopes, issuer: issuer, now: now))))
        }
        body += [("token_type", "Bearer"), ("expires_in", .int(Int(lifetime.inSeconds.rounded(.up))))]
        return .json(.object(body))
    }

    private func idToken(_ grant: Grant, scopes: [String], issuer: String, now: Date) async throws(OAuthError) -> String {
        var claims = Self.head(grant, issuer: issuer, expiry: Self.expiry(after: state.configuration.idTokenLifetime, from: now), now: now)
        claims.append(("azp", .string(grant.clientId)))
        if let nonce = grant.nonce {
            claims.append(("nonce", .string(nonce)))
        }
        claims += [
            ("acr", .string(grant.acr)), ("amr", Self.amr(grant)), ("realm", .string(grant.realm)),
            ("sid", .string(grant.session.handle)), ("tokenName", "id_token"),
        ]
        if let user = await state.directory.user(named: grant.session.username) {
            claims += ProfileClaims.members(of: user, scopes: scopes)
        }
        return try await state.signer.sign(JWTClaims(claims))
    }

    /// `iss`, `sub`, `aud`, `exp`, `iat` and `auth_time`, which both tokens start with.
    private static func head(_ grant: Grant, issuer: String, expiry: Date, now: Date) -> [(key: String, value: JSONValue)] {
        [
            ("iss", .string(issuer)), ("sub", .string(grant.session.username)), ("aud", .string(grant.clientId)),
            ("exp", .int(Int(expiry.timeIntervalSince1970))), ("iat", .int(Int(now.timeIntervalSince1970))),
            ("auth_time", .int(Int(grant.session.authTime.timeIntervalSince1970))),
        ]
    }

    private static func amr(_ grant: Grant) -> JSONValue {
        .array(grant.session.amr.map { .string($0) })
    }

    /// `now + lifetime`, rounded up to the whole second a JWT's `exp` can say.
    private static func expiry(after lifetime: Duration, from now: Date) -> Date {
        Date(timeIntervalSince1970: (now.timeIntervalSince1970 + lifetime.inSeconds).rounded(.up))
    }
}
