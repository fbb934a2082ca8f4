import DemoAM
import Foundation
import JWTKit
import Testing

/// The claims the tests check, with jwt-kit's typed claims for the registered ones.
private struct TokenClaims: JWTPayload {
    let iss: IssuerClaim
    let sub: SubjectClaim
    let aud: AudienceClaim
    let exp: ExpirationClaim
    let iat: IssuedAtClaim
    let authTime: Int
    let acr: String
    let amr: [String]
    let realm: String
    let tokenName: String
    let nonce: String?
    let scope: String?
    let authLevel: Int?

    enum CodingKeys: String, CodingKey {
        case iss, sub, aud, exp, iat, acr, amr, realm, tokenName, nonce, scope
        case authTime = "auth_time"
        case authLevel = "auth_level"
    }

    func verify(using _: some JWTAlgorithm) throws {
        try exp.verifyNotExpired()
    }
}

@Suite("OAuth 2.0 tokens, keys and discovery")
struct OAuthJWTTests {
    @Test(
        "access and ID tokens verify against the JWKS, with the session's journey, methods and level",
        arguments: [("Login", ["pwd"], 0), ("SecondFactor", ["pwd", "otp"], 10)]
    )
    func tokensVerify(journey: String, amr: [String], authLevel: Int) async throws {
        try await withDemoAM { server, client in
            let ssoToken = try await client.signIn(journey: journey)
            let tokens = try await client.tokens(AuthorizeRequest(), ssoToken: ssoToken)
            let jwks = try await client.get("/oauth2/realms/root/connect/jwk_uri")
            #expect(jwks.status == 200)
            let keys = try await JWTKeyCollection().add(jwksJSON: jwks.text)
            let issuer = server.baseURL + "/oauth2/realms/root"

            let accessToken = try #require(tokens["access_token"]?.string)
            let access = try await keys.verify(accessToken, as: TokenClaims.self)
            #expect(access.iss.value == issuer)
            #expect(access.sub.value == "demo")
            try access.aud.verifyIntendedAudience(includes: "journeyterm")
            #expect(access.exp.value > Date().addingTimeInterval(3500))
            #expect(access.tokenName == "access_token")
            #expect(access.scope == "openid profile email")
            #expect(access.acr == journey)
            #expect(access.amr == amr)
            #expect(access.authLevel == authLevel)
            #expect(access.realm == "/")
            #expect(jwtPayload(accessToken)["jti"]?.string != nil)

            let idToken = try #require(tokens["id_token"]?.string)
            let id = try await keys.verify(idToken, as: TokenClaims.self)
            #expect(id.iss.value == issuer)
            try id.aud.verifyIntendedAudience(includes: "journeyterm")
            #expect(id.nonce == "nonce-5678")
            #expect(id.tokenName == "id_token")
            #expect(id.acr == journey)
            #expect(id.amr == amr)
            #expect(id.authTime == access.authTime)
            #expect(id.authTime <= Int(id.iat.value.timeIntervalSince1970))
            let idClaims = jwtPayload(idToken)
            #expect(idClaims["name"] == "Demo User")
            #expect(idClaims["email"] == "demo@example.com")
            #expect(idClaims["azp"] == "journeyterm")

            let header = try #require(JSON.parse(base64URLDecoded(accessToken.split(separator: ".")[0])))
            #expect(header["alg"] == "ES256")
            #expect(header["kid"] == jwks.json["keys"]?[0]?["kid"])

            var parts = idToken.split(separator: ".").map(String.init)
            parts[1] = String(accessToken.split(separator: ".")[1])
            await #expect(throws: (any Error).self) { try await keys.verify(parts.joined(separator: "."), as: TokenClaims.self) }
        }
    }

    @Test("an ID token without nonce when none was sent, and none at all without openid")
    func idTokenPresence() async throws {
        try await withDemoAM { _, client in
            var noNonce = AuthorizeRequest()
            noNonce.nonce = nil
            let idToken = try #require(try await client.tokens(noNonce)["id_token"]?.string)
            #expect(jwtPayload(idToken)["nonce"] == nil)

            var noOpenID = AuthorizeRequest()
            noOpenID.scope = "profile"
            let tokens = try await client.tokens(noOpenID)
            #expect(tokens.keys == ["access_token", "refresh_token", "scope", "token_type", "expires_in"])
        }
    }

    @Test("the discovery document names endpoints that all answer", arguments: ["/oauth2/realms/root", "/oauth2/realms/root/realms/alpha"])
    func discovery(realmPath: String) async throws {
        try await withDemoAM { server, client in
            let reply = try await client.get(realmPath + "/.well-known/openid-configuration")
            #expect(reply.status == 200)
            let document = reply.json
            let issuer = server.baseURL + realmPath
            #expect(document["issuer"]?.string == issuer)
            #expect(document["code_challenge_methods_supported"] == ["S256"])
            #expect(document["response_types_supported"] == ["code"])
            #expect(document["grant_types_supported"] == ["authorization_code", "refresh_token"])
            #expect(document["id_token_signing_alg_values_supported"] == ["ES256"])
            #expect(document["scopes_supported"] == ["openid", "profile", "email", "WRITE_TRANSACTION"])

            func path(_ key: String) throws -> String {
                let url = try #require(document[key]?.string)
                #expect(url.hasPrefix(issuer + "/"))
                return String(url.dropFirst(server.baseURL.count))
            }
            #expect(try await client.get(try path("jwks_uri")).json["keys"]?[0]?["kty"] == "EC")
            // Each endpoint answers with its own error for an empty request, not a 404.
            #expect(try await client.get(try path("authorization_endpoint")).json["error"] == "invalid_client")
            #expect(try await client.postForm(try path("token_endpoint"), []).json["error"] == "invalid_request")
            #expect(try await client.postForm(try path("revocation_endpoint"), []).json["error"] == "invalid_request")
            #expect(try await client.postForm(try path("introspection_endpoint"), []).json["error"] == "invalid_client")
            #expect(try await client.get(try path("userinfo_endpoint")).json["error"] == "invalid_token")
            #expect(try await client.get(try path("end_session_endpoint")).json["error"] == "invalid_request")
        }
    }
}
