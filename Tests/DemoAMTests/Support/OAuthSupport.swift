import AsyncHTTPClient
import Crypto
import DemoAM
import Foundation
import NIOCore
import Testing

/// The parameters of one `authorize` request; the defaults are a valid request of `journeyterm`.
struct AuthorizeRequest {
    var responseType: String? = "code"
    var clientId = "journeyterm"
    var redirectURI = "urn:journeyterm:callback"
    var scope: String? = "openid profile email"
    var state: String? = "state-1234"
    var nonce: String? = "nonce-5678"
    var acrValues: String?
    /// 43 characters, as the iOS SDK makes them.
    var codeVerifier = String((0..<43).map { _ in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".randomElement()! })
    var codeChallengeMethod: String? = "S256"
    var sendsCodeChallenge = true

    /// base64url(SHA-256(verifier)), computed here independently of the server.
    var codeChallenge: String {
        Data(SHA256.hash(data: Data(codeVerifier.utf8))).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    var query: String {
        var items = [URLQueryItem(name: "client_id", value: clientId), URLQueryItem(name: "redirect_uri", value: redirectURI)]
        let optional: [(String, String?)] = [
            ("response_type", responseType), ("scope", scope), ("state", state), ("nonce", nonce), ("acr_values", acrValues),
            ("code_challenge", sendsCodeChallenge ? codeChallenge : nil), ("code_challenge_method", codeChallengeMethod),
        ]
        items += optional.compactMap { name, value in value.map { URLQueryItem(name: name, value: $0) } }
        var components = URLComponents()
        components.queryItems = items
        return components.percentEncodedQuery ?? ""
    }
}

extension AMClient {
    /// Runs `Login` (or `journey`, answered with the user's password and TOTP) and returns the SSO token.
    func signIn(_ user: String = "demo", password: String = "Demo-pass1", journey: String = "Login", realmPath: String = "/json/realms/root") async throws -> String {
        var step = try await start(journey, realmPath: realmPath)
        step = try await submit(step, ["IDToken1": .string(user), "IDToken2": .string(password)], realmPath: realmPath)
        if journey == "SecondFactor" {
            step = try await submit(step, ["IDToken1": 0], realmPath: realmPath)
            let secret = try #require(DemoAM.builtInUsers.first { $0.username == user }?.totpSecret)
            step = try await submit(step, ["IDToken1": .string(try #require(TOTP.code(secret: secret)))], realmPath: realmPath)
        }
        return try #require(step.json["tokenId"]?.string)
    }

    /// `GET …/authorize` with the SSO token in the header named after the realm's cookie.
    func authorize(_ request: AuthorizeRequest, ssoToken: String?, oauthPath: String = "/oauth2/realms/root") async throws -> Reply {
        let header = DemoAM.sessionCookieName(forRealm: realm(ofPath: oauthPath))
        return try await get(oauthPath + "/authorize?" + request.query, headers: ssoToken.map { [(header, $0)] } ?? [])
    }

    /// `POST <baseURL><path>` with a form-encoded body.
    func postForm(_ path: String, _ fields: [(String, String)]) async throws -> Reply {
        var components = URLComponents()
        components.queryItems = fields.map { URLQueryItem(name: $0.0, value: $0.1) }
        let body = (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.body = .bytes(ByteBuffer(string: body))
        return try await send(request)
    }

    /// Exchanges the code of a successful `authorize` reply.
    func exchange(_ authorized: Reply, _ request: AuthorizeRequest, oauthPath: String = "/oauth2/realms/root") async throws -> Reply {
        let code = try #require(authorized.redirect["code"])
        return try await postForm(oauthPath + "/access_token", [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", request.redirectURI),
            ("client_id", request.clientId), ("code_verifier", request.codeVerifier),
        ])
    }

    /// Signs in, authorizes and exchanges the code: the token response.
    func tokens(_ request: AuthorizeRequest = AuthorizeRequest(), ssoToken: String? = nil) async throws -> JSON {
        let token = if let ssoToken { ssoToken } else { try await signIn() }
        let reply = try await exchange(try await authorize(request, ssoToken: token), request)
        #expect(reply.status == 200, "\(reply.text)")
        return reply.json
    }

    /// `POST …/access_token` with `grant_type=refresh_token`.
    func refresh(_ refreshToken: String, scope: String? = nil, clientId: String = "journeyterm") async throws -> Reply {
        try await postForm("/oauth2/realms/root/access_token", [
            ("grant_type", "refresh_token"), ("refresh_token", refreshToken), ("client_id", clientId),
        ] + (scope.map { [("scope", $0)] } ?? []))
    }

    /// `GET …/userinfo` with the bearer token.
    func userinfo(_ accessToken: String, oauthPath: String = "/oauth2/realms/root") async throws -> Reply {
        try await get(oauthPath + "/userinfo", headers: [("Authorization", "Bearer \(accessToken)")])
    }

    /// `POST …/json/realms/root/sessions?_action=getSessionInfo` for the SSO token.
    func sessionInfo(_ ssoToken: String) async throws -> Reply {
        try await sessions("getSessionInfo", headers: [("iPlanetDirectoryPro", ssoToken)])
    }

    /// `POST <baseURL><realmPath>/sessions?_action=<action>` with extra headers and an optional JSON body.
    func sessions(_ action: String, realmPath: String = "/json/realms/root", headers: [(String, String)], body: JSON? = nil) async throws -> Reply {
        var request = HTTPClientRequest(url: baseURL + realmPath + "/sessions?_action=" + action)
        request.method = .POST
        request.headers.add(name: "Accept-API-Version", value: "resource=3.1, protocol=1.0")
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(body)))
        }
        return try await send(request)
    }
}

extension Reply {
    /// The `Location` header.
    var location: String? { headers["Location"].first }

    /// The query parameters of `Location`, in order.
    var redirectItems: [URLQueryItem] {
        location.flatMap { URLComponents(string: $0.replacingOccurrences(of: "+", with: "%20"))?.queryItems } ?? []
    }

    /// The query parameters of `Location` by name.
    var redirect: [String: String] {
        Dictionary(redirectItems.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }
}

/// The realm a test path names: `/alpha` for paths with `alpha` in them, else `/`.
func realm(ofPath path: String) -> String {
    path.contains("alpha") ? "/alpha" : "/"
}

/// The payload of a JWT, not verified.
func jwtPayload(_ token: String) -> JSON {
    let parts = token.split(separator: ".")
    guard parts.count == 3 else { return .null }
    return JSON.parse(base64URLDecoded(parts[1])) ?? .null
}
