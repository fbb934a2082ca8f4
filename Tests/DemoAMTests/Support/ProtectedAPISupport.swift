import AsyncHTTPClient
import DemoAM
import Foundation
import NIOCore
import NIOHTTP1
import Testing

/// The advice XML the SDKs build for one advice.
func adviceXML(_ type: String, _ value: String) -> String {
    "<Advices><AttributeValuePair><Attribute name=\"\(type)\"/><Value>\(value)</Value></AttributeValuePair></Advices>"
}

/// Percent-encodes everything but letters and digits, as a query value.
func percentEncoded(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
}

/// The current TOTP code of a built-in user.
func currentCode(of user: String = "demo") throws -> String {
    let secret = try #require(DemoAM.builtInUsers.first { $0.username == user }?.totpSecret)
    return try #require(TOTP.code(secret: secret))
}

extension AMClient {
    /// `http://127.0.0.1:<port>`: where the resource server's routes are.
    var origin: String { String(baseURL.dropLast("/am".count)) }

    /// A request to the resource server (`/api/…`, `/ig/…`), redirects not followed.
    func resource(_ method: HTTPMethod, _ path: String, headers: [(String, String)] = [], body: String? = nil) async throws -> Reply {
        var request = HTTPClientRequest(url: origin + path)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: body))
        }
        return try await send(request)
    }

    /// `POST …/authenticate?authIndexType=composite_advice&authIndexValue=<xml>` with the session, if any.
    func composite(_ xml: String, ssoToken: String? = nil) async throws -> Reply {
        try await authenticate(
            query: "authIndexType=composite_advice&authIndexValue=" + percentEncoded(xml),
            headers: ssoToken.map { [("Cookie", "iPlanetDirectoryPro=\($0)")] } ?? []
        )
    }

    /// Runs `StepUp` with the session and answers the code page with `code`; returns the last reply.
    func stepUp(_ ssoToken: String, code: String) async throws -> Reply {
        let page = try await start("StepUp", headers: [("iPlanetDirectoryPro", ssoToken)])
        #expect(page.json["stage"] == "StepUp")
        return try await submit(page, ["IDToken1": .string(code)])
    }

    /// Tokens of `clientId` (default scopes) for the session.
    func tokens(clientId: String, ssoToken: String) async throws -> JSON {
        var request = AuthorizeRequest()
        request.clientId = clientId
        request.scope = nil
        return try await tokens(request, ssoToken: ssoToken)
    }

    /// The access token of a token response.
    func accessToken(clientId: String = "journeyterm", ssoToken: String) async throws -> String {
        try #require(try await tokens(clientId: clientId, ssoToken: ssoToken)["access_token"]?.string)
    }

    /// `POST …/oauth2/realms/root/introspect` with `Authorization: Basic` for the client, if given.
    func introspect(_ token: String, basic: (String, String)? = ("demo-api", "demo-api-secret"), fields: [(String, String)] = []) async throws -> Reply {
        var request = HTTPClientRequest(url: baseURL + "/oauth2/realms/root/introspect")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        if let (id, secret) = basic {
            request.headers.add(name: "Authorization", value: "Basic " + Data("\(id):\(secret)".utf8).base64EncodedString())
        }
        let form = ([("token", token)] + fields).map { "\($0.0)=\(percentEncoded($0.1))" }.joined(separator: "&")
        request.body = .bytes(ByteBuffer(string: form))
        return try await send(request)
    }
}

extension JSON {
    /// The integer, when this is one.
    var int: Int? {
        guard case .int(let value) = self else { return nil }
        return value
    }
}

extension Reply {
    /// The `WWW-Authenticate` header.
    var challenge: String? { headers["WWW-Authenticate"].first }
}
