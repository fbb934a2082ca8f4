import Foundation
import Orchestrate

/// Requests to AM's session endpoint (`/json/realms/{realm}/sessions`), as the SDKs send them:
/// the SSO token in a header named after the cookie.
public enum SessionEndpoint {
    /// `?_action=logout`, `Accept-API-Version: resource=3.1, protocol=1.0`, body `{}`.
    public static func logout(server: ServerConfiguration, tokenId: String) -> HTTPRequest {
        request(server: server, action: "logout", apiVersion: "resource=3.1, protocol=1.0", tokenId: tokenId, body: Data("{}".utf8))
    }

    /// `?_action=getSessionInfo`, `Accept-API-Version: resource=2.1, protocol=1.0`, no body.
    public static func sessionInfo(server: ServerConfiguration, tokenId: String) -> HTTPRequest {
        request(server: server, action: "getSessionInfo", apiVersion: "resource=2.1, protocol=1.0", tokenId: tokenId, body: nil)
    }

    /// `?_action=validate` with `{"tokenId": …}`: whether AM still accepts the session.
    public static func validate(server: ServerConfiguration, tokenId: String) -> HTTPRequest {
        let body = JSONValue.object(["tokenId": .string(tokenId)]).encoded()
        return request(server: server, action: "validate", apiVersion: "resource=2.1, protocol=1.0", tokenId: tokenId, body: body)
    }

    private static func request(server: ServerConfiguration, action: String, apiVersion: String,
                                tokenId: String, body: Data?) -> HTTPRequest {
        var url = server.sessionsURL
        url.append(queryItems: [URLQueryItem(name: "_action", value: action)])
        return HTTPRequest(method: "POST", url: url, headers: [
            HTTPHeader("Accept-API-Version", apiVersion),
            HTTPHeader("Content-Type", "application/json"),
            HTTPHeader("Accept", "application/json"),
            HTTPHeader("X-Requested-With", "forgerock-sdk"),
            HTTPHeader(server.cookieName, tokenId),
        ], body: body, timeout: server.timeout)
    }
}

/// AM's answer to `getSessionInfo`.
public struct SessionInfo: Sendable, Hashable {
    public let username: String
    public let realm: String
    public let latestAccessTime: String?
    public let maxIdleExpirationTime: String?
    public let maxSessionExpirationTime: String?

    init?(json: JSONValue) {
        guard let username = json["username"]?.stringValue, let realm = json["realm"]?.stringValue else { return nil }
        self.username = username
        self.realm = realm
        latestAccessTime = json["latestAccessTime"]?.stringValue
        maxIdleExpirationTime = json["maxIdleExpirationTime"]?.stringValue
        maxSessionExpirationTime = json["maxSessionExpirationTime"]?.stringValue
    }
}

/// How a logout went at AM (the instance forgets the session either way).
public enum LogoutOutcome: Sendable, Hashable {
    /// AM ended the session.
    case loggedOut
    /// AM no longer knew the session (expired or ended elsewhere).
    case alreadyEnded
}

extension JourneyClient {
    /// Logs the session out at AM. The instance's cookies are cleared first, so the session is
    /// gone here even when AM cannot be reached; the error then says why AM was not told.
    public func logout(tokenId: String) async throws(JourneyError) -> LogoutOutcome {
        await clearCookies()
        let response = try await send(SessionEndpoint.logout(server: server, tokenId: tokenId))
        switch response.status {
        case 200..<300: return .loggedOut
        case 401, 403: return .alreadyEnded
        default: throw Self.sessionError(response)
        }
    }

    /// Who the session belongs to and when it expires.
    public func sessionInfo(tokenId: String) async throws(JourneyError) -> SessionInfo {
        let response = try await send(SessionEndpoint.sessionInfo(server: server, tokenId: tokenId))
        guard (200..<300).contains(response.status) else { throw Self.sessionError(response) }
        guard let json = try? JSONValue.parse(response.body), let info = SessionInfo(json: json) else {
            throw .malformedResponse(status: response.status, problem: "it is not AM's session information",
                                     excerpt: TerminalText.excerpt(of: response.body))
        }
        return info
    }

    /// Whether AM still accepts the session (`validate`).
    public func validate(tokenId: String) async throws(JourneyError) -> Bool {
        let response = try await send(SessionEndpoint.validate(server: server, tokenId: tokenId))
        guard (200..<300).contains(response.status) else { throw Self.sessionError(response) }
        guard let valid = (try? JSONValue.parse(response.body))?["valid"]?.boolValue else {
            throw .malformedResponse(status: response.status, problem: "it has no \"valid\" flag",
                                     excerpt: TerminalText.excerpt(of: response.body))
        }
        return valid
    }

    /// A session endpoint's refusal, in the same words as the journey's errors.
    private static func sessionError(_ response: HTTPResponse) -> JourneyError {
        if case .failure(let error) = AuthenticateOutcome(response) { return error }
        return .unexpectedStatus(status: response.status, location: response.header("Location"))
    }
}
