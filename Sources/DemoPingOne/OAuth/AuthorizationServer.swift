import Crypto
import Foundation
import Hummingbird
import JWTKit

/// The environment's OIDC side: discovery, codes for finished flows, the token endpoint
/// (PKCE S256 checked), userinfo, revocation, sign-off and the signing keys.
actor AuthorizationServer {
    struct IssuedCode {
        let authorization: AuthorizeRequest
        let username: String
        let session: String
        let issued: ContinuousClock.Instant
    }

    struct Grant {
        let username: String
        let clientId: String
        let scope: String
        let session: String
        let expires: ContinuousClock.Instant?
    }

    private let configuration: DemoPingOneConfiguration
    private let users: PingOneUsers
    private var codes: [String: IssuedCode] = [:]
    private var accessTokens: [String: Grant] = [:]
    private var refreshTokens: [String: Grant] = [:]
    /// Sessions by id: who signed on; ended by sign-off.
    private var sessions: [String: String] = [:]
    private let signingKey = ES256PrivateKey()
    private let keyId = RandomID.hex(8)
    private var keys: JWTKeyCollection?

    init(configuration: DemoPingOneConfiguration, users: PingOneUsers) {
        self.configuration = configuration
        self.users = users
    }

    /// A code for a finished flow, and the session it started.
    func issueCode(for authorization: AuthorizeRequest, username: String) -> (code: String, session: String) {
        let code = RandomID.uuid()
        let session = RandomID.uuid()
        codes[code] = IssuedCode(authorization: authorization, username: username, session: session, issued: .now)
        sessions[session] = username
        return (code, session)
    }

    static func discovery(issuer: String) -> [String: Any] {
        [
            "issuer": issuer,
            "authorization_endpoint": "\(issuer)/authorize",
            "token_endpoint": "\(issuer)/token",
            "userinfo_endpoint": "\(issuer)/userinfo",
            "revocation_endpoint": "\(issuer)/revoke",
            "end_session_endpoint": "\(issuer)/signoff",
            "jwks_uri": "\(issuer)/jwks",
            "response_types_supported": ["code"],
            "response_modes_supported": ["query", "fragment", "form_post", "pi.flow"],
            "grant_types_supported": ["authorization_code", "refresh_token"],
            "code_challenge_methods_supported": ["S256"],
            "scopes_supported": ["openid", "profile", "email", "phone", "address"],
            "id_token_signing_alg_values_supported": ["ES256"],
        ]
    }

    /// `POST /as/token`: the authorization code with its PKCE verifier, or a refresh token.
    func token(_ fields: [String: String], issuer: String) async -> Response {
        switch fields["grant_type"] {
        case "authorization_code":
            guard let code = fields["code"], let issued = codes.removeValue(forKey: code),
                  ContinuousClock.now - issued.issued < .seconds(60) else {
                return WireJSON.oauthError("invalid_grant", "The authorization code is unknown, used or expired.")
            }
            guard fields["client_id"] == issued.authorization.clientId else {
                return WireJSON.oauthError("invalid_client", "The code was issued to another client.", status: .unauthorized)
            }
            guard fields["redirect_uri"] == issued.authorization.redirectURI else {
                return WireJSON.oauthError("invalid_grant", "The redirect_uri is not the one the flow was started with.")
            }
            guard let verifier = fields["code_verifier"], Self.s256(verifier) == issued.authorization.codeChallenge else {
                return WireJSON.oauthError("invalid_grant", "PKCE verification failed: the code_verifier does not match the code_challenge.")
            }
            let grant = Grant(username: issued.username, clientId: issued.authorization.clientId, scope: issued.authorization.scope,
                              session: issued.session, expires: nil)
            return await tokens(for: grant, nonce: issued.authorization.nonce, issuer: issuer)
        case "refresh_token":
            guard let token = fields["refresh_token"], let grant = refreshTokens.removeValue(forKey: token),
                  fields["client_id"] == grant.clientId, sessions[grant.session] != nil else {
                return WireJSON.oauthError("invalid_grant", "The refresh token is unknown, revoked or its session ended.")
            }
            return await tokens(for: grant, nonce: nil, issuer: issuer)
        default:
            return WireJSON.oauthError("unsupported_grant_type", "Use authorization_code or refresh_token.")
        }
    }

    private func tokens(for grant: Grant, nonce: String?, issuer: String) async -> Response {
        let access = RandomID.hex(24)
        let refresh = RandomID.hex(24)
        let lifetime = configuration.accessTokenLifetime
        accessTokens[access] = Grant(username: grant.username, clientId: grant.clientId, scope: grant.scope, session: grant.session,
                                     expires: .now + lifetime)
        refreshTokens[refresh] = Grant(username: grant.username, clientId: grant.clientId, scope: grant.scope, session: grant.session, expires: nil)
        var body: [String: Any] = ["access_token": access, "token_type": "Bearer", "expires_in": Int(lifetime.components.seconds),
                                   "refresh_token": refresh, "scope": grant.scope]
        if grant.scope.split(separator: " ").contains("openid"), let idToken = await idToken(for: grant, nonce: nonce, issuer: issuer) {
            body["id_token"] = idToken
        }
        return WireJSON.response(body)
    }

    /// `GET /as/userinfo` with a bearer access token.
    func userinfo(authorization: String?) async -> Response {
        guard let header = authorization, header.lowercased().hasPrefix("bearer "),
              let grant = accessTokens[String(header.dropFirst(7))], (grant.expires ?? .now) >= .now,
              let user = await users.user(grant.username) else {
            return WireJSON.oauthError("invalid_token", "The access token is unknown, expired or revoked.", status: .unauthorized)
        }
        var claims: [String: Any] = ["sub": user.username, "preferred_username": user.username, "env": configuration.environmentId]
        let scopes = grant.scope.split(separator: " ")
        if scopes.contains("email") { claims["email"] = user.email }
        if scopes.contains("profile") { claims["given_name"] = user.givenName }
        if scopes.contains("phone"), let phone = user.phone { claims["phone_number"] = phone }
        return WireJSON.response(claims)
    }

    /// `POST /as/revoke`: ends an access or refresh token (RFC 7009: unknown tokens are fine).
    func revoke(_ fields: [String: String]) -> Response {
        guard let token = fields["token"] else { return WireJSON.oauthError("invalid_request", "token is required.") }
        if let grant = refreshTokens.removeValue(forKey: token) {
            accessTokens = accessTokens.filter { $0.value.session != grant.session || $0.value.clientId != grant.clientId }
        }
        accessTokens[token] = nil
        return Response(status: .ok)
    }

    /// `GET /as/signoff`: ends the session the ID token was issued for, and its tokens.
    func signOff(idTokenHint: String?) async -> Response {
        guard let hint = idTokenHint, let session = await sessionOf(idToken: hint) else {
            return WireJSON.oauthError("invalid_request", "id_token_hint is missing or not an ID token of this environment.")
        }
        sessions[session] = nil
        accessTokens = accessTokens.filter { $0.value.session != session }
        refreshTokens = refreshTokens.filter { $0.value.session != session }
        return WireJSON.response(["status": "signed off"])
    }

    /// `GET /as/jwks`.
    func jwks() -> Response {
        let parameters = signingKey.publicKey.parameters
        return WireJSON.response(["keys": [["kty": "EC", "crv": "P-256", "use": "sig", "alg": "ES256", "kid": keyId,
                                            "x": parameters?.x ?? "", "y": parameters?.y ?? ""]]])
    }

    private func signer() async -> JWTKeyCollection {
        if let keys { return keys }
        let made = await JWTKeyCollection().add(ecdsa: signingKey, kid: JWKIdentifier(string: keyId))
        keys = made
        return made
    }

    private func idToken(for grant: Grant, nonce: String?, issuer: String) async -> String? {
        let now = Date()
        let payload = IDTokenPayload(iss: .init(value: issuer), sub: .init(value: grant.username), aud: .init(value: [grant.clientId]),
                                     exp: .init(value: now.addingTimeInterval(3600)), iat: .init(value: now), nonce: nonce, sid: grant.session)
        return try? await signer().sign(payload, kid: JWKIdentifier(string: keyId))
    }

    private func sessionOf(idToken: String) async -> String? {
        guard let payload = try? await signer().verify(idToken, as: IDTokenPayload.self) else { return nil }
        return payload.sid
    }

    static func s256(_ verifier: String) -> String {
        Data(SHA256.hash(data: Data(verifier.utf8))).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}

/// The claims of the environment's ID tokens.
struct IDTokenPayload: JWTPayload {
    let iss: IssuerClaim
    let sub: SubjectClaim
    let aud: AudienceClaim
    let exp: ExpirationClaim
    let iat: IssuedAtClaim
    let nonce: String?
    let sid: String

    func verify(using algorithm: some JWTAlgorithm) async throws {
        try exp.verifyNotExpired()
    }
}
