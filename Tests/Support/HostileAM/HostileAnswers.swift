import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// What the hostile AM answers, by path: journeys, sessions, OAuth and a protected resource.
struct HostileAnswers: Sendable {
    let expiresIn: HostileNumber
    private var payload: String { HostileAM.payload }
    /// Int64's largest and smallest, and doubles beyond any integer.
    private var edges: [Any] { [NSNumber(value: Int64.max), NSNumber(value: Int64.min), NSNumber(value: 1e308), NSNumber(value: -1e308)] }

    func respond(to request: Request) async throws -> Response {
        let path = request.uri.path
        let query = Self.query(request.uri.query ?? "")
        let body = try await request.body.collect(upTo: 1 << 20)
        if path.hasSuffix("/authenticate") { return authenticate(query: query, body: Data(buffer: body)) }
        if path.hasSuffix("/sessions") { return sessions(action: query["_action"] ?? "") }
        if path.hasSuffix("/authorize") { return authorize(query: query) }
        if path.hasSuffix("/access_token") {
            // The issuer JourneyTerm expects at this address: AM's standard path for the realm.
            let issuer = "http://\(request.head.authority ?? "127.0.0.1")" + path.dropLast("/access_token".count)
            return json(tokens(Self.query(String(decoding: Data(buffer: body), as: UTF8.self)), issuer: issuer))
        }
        if path.hasSuffix("/userinfo") { return json(userinfo()) }
        if path.hasSuffix("/introspect") { return json(introspection()) }
        if path.hasSuffix("/token/revoke") { return json([:]) }
        if path.hasSuffix("/connect/endSession") { return Response(status: .noContent) }
        // Keys no one can read: the ID token cannot be checked, so its tokens are kept as unverified.
        if path.hasSuffix("/connect/jwk_uri") { return json(["keys": [["kty": payload, "kid": payload, "alg": payload]]]) }
        if path.hasSuffix("/api/hostile") { return resourceChallenge() }
        return json(["code": 404, "reason": payload, "message": payload], status: .notFound)
    }

    // MARK: Journeys

    private func authenticate(query: [String: String], body: Data) -> Response {
        let submitted = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
        guard submitted?["authId"] != nil else { return json(firstPage()) }
        let tokenId = query["authIndexValue"] == HostileAM.escapingTokenJourney ? "AQIC\u{1B}]0;PWNED\u{07}token" : "AQIC5hostileSSOtoken.*AAJTSQACMDE.*"
        return json(["tokenId": tokenId, "successUrl": payload, "realm": payload])
    }

    /// One page with a callback of every kind that shows server text, and numbers at the edges.
    private func firstPage() -> [String: Any] {
        let outputs: ([(String, Any)]) -> [[String: Any]] = { $0.map { ["name": $0.0, "value": $0.1] } }
        func callback(_ type: String, _ output: [(String, Any)], inputs: Int) -> [String: Any] {
            ["type": type, "output": outputs(output), "input": (0..<inputs).map { _ in ["name": "IDToken", "value": ""] }]
        }
        var callbacks: [[String: Any]] = [
            callback("NameCallback", [("prompt", payload)], inputs: 1),
            callback("PasswordCallback", [("prompt", payload)], inputs: 1),
            callback("TextOutputCallback", [("message", payload), ("messageType", "0")], inputs: 0),
            callback("TextOutputCallback", [("message", payload), ("messageType", "1")], inputs: 0),
            callback("TextOutputCallback", [("message", payload), ("messageType", "2")], inputs: 0),
            callback("ChoiceCallback", [("prompt", payload), ("choices", [payload, "plain"]), ("defaultChoice", edges[1])], inputs: 1),
            callback("ConfirmationCallback", [("prompt", payload), ("messageType", edges[0]), ("options", [payload, "No"]),
                                              ("optionType", edges[1]), ("defaultOption", edges[0])], inputs: 1),
            callback("StringAttributeInputCallback", [("name", payload), ("prompt", payload), ("required", false), ("policies", [:] as [String: Any]),
                                                      ("failedPolicies", [payload]), ("validateOnly", false), ("value", payload)], inputs: 2),
            callback("NumberAttributeInputCallback", [("name", "age"), ("prompt", payload), ("required", false), ("policies", [:] as [String: Any]),
                                                      ("failedPolicies", []), ("validateOnly", false), ("value", edges[2])], inputs: 2),
            callback("TermsAndConditionsCallback", [("version", payload), ("terms", payload), ("createDate", payload)], inputs: 1),
            callback("PollingWaitCallback", [("waitTime", "0"), ("message", payload)], inputs: 0),
            callback(payload, [("prompt", payload)], inputs: 1),
        ]
        for index in callbacks.indices {
            callbacks[index]["input"] = (callbacks[index]["input"] as? [[String: Any]] ?? []).enumerated().map { offset, input in
                var input = input
                input["name"] = "IDToken\(index + 1)" + (offset == 0 ? "" : "validateOnly")
                if offset > 0 { input["value"] = false }
                return input
            }
        }
        return ["authId": Self.authId, "callbacks": callbacks, "header": payload, "description": payload, "stage": payload]
    }

    /// A JWT-shaped `authId` whose `exp` is the largest Int64.
    private static let authId = [#"{"typ":"JWT","alg":"HS256"}"#, #"{"exp":9223372036854775807,"iat":-9223372036854775808}"#]
        .map { Data($0.utf8).base64URL }.joined(separator: ".") + ".c2ln"

    // MARK: Sessions

    private func sessions(action: String) -> Response {
        switch action {
        case "getSessionInfo":
            json(["username": payload, "universalId": payload, "realm": payload, "latestAccessTime": payload,
                  "maxIdleExpirationTime": payload, "maxSessionExpirationTime": payload, "properties": ["AMCtxId": payload]])
        case "validate":
            json(["valid": true, "sessionUid": payload, "uid": payload, "realm": payload])
        case "logout":
            json(["result": payload])
        default:
            json(["code": 400, "reason": payload, "message": payload], status: .badRequest)
        }
    }

    // MARK: OAuth

    private func authorize(query: [String: String]) -> Response {
        var location = URLComponents(string: query["redirect_uri"] ?? "http://127.0.0.1/callback") ?? URLComponents()
        // The code carries the nonce, for the ID token: a wrong nonce would refuse the tokens.
        location.queryItems = [URLQueryItem(name: "code", value: "hostile-code." + (query["nonce"] ?? "")), URLQueryItem(name: "state", value: query["state"]),
                               URLQueryItem(name: "iss", value: payload), URLQueryItem(name: "client_id", value: payload)]
        var headers = HTTPFields()
        headers[.location] = location.string ?? ""
        return Response(status: .found, headers: headers)
    }

    /// A token response for the form `fields` of the token request.
    private func tokens(_ fields: [String: String], issuer: String) -> [String: Any] {
        let nonce = fields["code"].map { String($0.drop { $0 != "." }.dropFirst()) } ?? ""
        return [
            "access_token": "\u{1B}[2J" + payload, "refresh_token": payload, "scope": payload,
            "id_token": idToken(nonce: nonce, issuer: issuer, clientId: fields["client_id"] ?? ""),
            "token_type": "Bearer\u{1B}]52;c;cHduZWQ=\u{07}\u{1B}]0;PWNED\u{07}", "expires_in": expiresIn.json,
        ]
    }

    /// An ID token whose header and claims are hostile except those a client refuses tokens for
    /// (the nonce sent, the issuer, the client among its audiences); its signature checks nothing.
    private func idToken(nonce: String, issuer: String, clientId: String) -> String {
        let header: [String: Any] = ["alg": "RS256", "kid": payload, "typ": payload]
        let claims: [String: Any] = [
            "sub": payload, "iss": issuer, "aud": [clientId, payload], "acr": payload, "amr": [payload, "pwd"], "auth_level": edges[0],
            "exp": edges[0], "iat": edges[1], "auth_time": edges[1], "nbf": edges[3], "nonce": nonce, "tokenName": payload,
        ]
        return [header, claims].map { (try? JSONSerialization.data(withJSONObject: $0)) ?? Data() }.map(\.base64URL).joined(separator: ".") + ".c2ln"
    }

    private func userinfo() -> [String: Any] {
        ["sub": payload, "name": payload, payload: payload, "email_verified": edges[1], "updated_at": edges[0], "address": ["street": payload]]
    }

    private func introspection() -> [String: Any] {
        ["active": true, "scope": payload, "client_id": payload, "username": payload, "sub": payload, "token_type": payload,
         "exp": edges[0], "iat": edges[1], "auth_level": edges[0], "acr": payload, "authGrantId": payload]
    }

    // MARK: The resource

    /// 401 with a Bearer challenge and a policy decision (C1 and bidi in the header: HTTP
    /// carries no C0 controls), escapes in the body.
    private func resourceChallenge() -> Response {
        var headers = HTTPFields()
        headers[.wwwAuthenticate] = #"Bearer realm="\#u{9B}31m", error="insufficient_user_authentication", error_description="\#u{202E}evil", acr_values="\#u{9B}2J", max_age=9223372036854775807"#
        headers[.contentType] = "application/json"
        let body: [String: Any] = ["resource": payload, "actions": [payload: true], "advices": ["AuthenticateToServiceConditionAdvice": [payload]],
                                   "ttl": edges[0], "message": payload]
        return Response(status: .unauthorized, headers: headers, body: .init(byteBuffer: ByteBuffer(data: Self.encode(body))))
    }

    // MARK: Wire

    private func json(_ object: [String: Any], status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(data: Self.encode(object))))
    }

    /// JSONSerialization writes C0 controls as `\u` escapes (the client decodes them back into
    /// raw ESC, BEL …) and C1 and bidi characters as they are.
    private static func encode(_ object: [String: Any]) -> Data {
        (try? JSONSerialization.data(withJSONObject: object)) ?? Data("{}".utf8)
    }

    private static func query(_ text: String) -> [String: String] {
        var parameters: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0) }
            if let name = parts.first { parameters[name] = parts.count > 1 ? parts[1] : "" }
        }
        return parameters
    }
}

extension Data {
    /// Base64url without padding (RFC 7515).
    var base64URL: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
