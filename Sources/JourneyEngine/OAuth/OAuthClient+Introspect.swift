import Foundation
import Orchestrate

/// A confidential OAuth client's id and secret, for endpoints only such a client may call
/// (RFC 7662 introspection). The secret is sent as `Authorization: Basic` and never described.
public struct ClientCredentials: Sendable, Hashable, CustomStringConvertible {
    public let clientId: String
    private let secret: String

    public init(clientId: String, secret: String) throws(ConfigurationError) {
        guard !clientId.isEmpty, !clientId.contains(where: { $0.isWhitespace || $0.isNewline }) else {
            throw .invalidValue(name: "introspecting client id", value: clientId, reason: "it must be a non-empty word")
        }
        guard !secret.isEmpty else {
            throw .invalidValue(name: "introspecting client secret", value: "", reason: "it must not be empty")
        }
        self.clientId = clientId
        self.secret = secret
    }

    /// `client_secret_basic` (RFC 6749 §2.3.1): id and secret form-encoded, joined by ':', base64.
    var authorization: HTTPHeader {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        func encoded(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text }
        return HTTPHeader("Authorization", "Basic " + Data("\(encoded(clientId)):\(encoded(secret))".utf8).base64EncodedString())
    }

    public var description: String { "\(TerminalText.line(clientId)) (secret hidden)" }
}

/// What AM says about a token it was asked about (RFC 7662 §2.2). An inactive token carries
/// nothing else; AM's other members are kept in `members`.
public struct TokenIntrospection: Sendable, Hashable {
    public let active: Bool
    public let subject: String?
    public let clientId: String?
    /// When the token expires, on this machine's clock (AM's `exp` moved by ``serverClock``).
    public let expiresAt: Date?
    /// AM's clock when it answered, when it differs notably from this machine's.
    public let serverClock: ServerClock?
    /// `auth_level`, `acr`, `amr`, `auth_time` and `scope` as AM reports them.
    public let strength: AuthenticationStrength
    /// The whole answer, as AM sent it.
    public let members: JSONValue

    public init(json: JSONValue, serverClock: ServerClock? = nil) {
        func date(_ name: String) -> Date? { json[name]?.doubleValue.map(Date.init(timeIntervalSince1970:)) }
        let clock = serverClock.flatMap { $0.isNotable ? $0 : nil }
        self.serverClock = clock
        let amr = json["amr"]
        active = json["active"]?.boolValue ?? false
        subject = json["sub"]?.stringValue
        clientId = json["client_id"]?.stringValue
        expiresAt = date("exp").map { clock?.local($0) ?? $0 }
        strength = AuthenticationStrength(authLevel: json["auth_level"]?.intValue, acr: json["acr"]?.stringValue,
                                          amr: amr?.arrayValue == nil ? amr?.stringValue.map { [$0] } ?? [] : amr?.stringArray ?? [],
                                          authTime: date("auth_time"), scope: json["scope"]?.stringValue)
        members = json
    }
}

extension OAuthClient {
    /// Where the realm introspects tokens: beside the instance's token endpoint when that is AM's
    /// `…/access_token` (standard or discovered), else under the issuer, `…/oauth2/realms/root[/realms/x]/introspect`.
    public var introspectionEndpoint: URL {
        guard endpoints.token.lastPathComponent == "access_token" else {
            return URL(string: endpoints.issuer)?.appending(path: "introspect") ?? endpoints.token.deletingLastPathComponent().appending(path: "introspect")
        }
        return endpoints.token.deletingLastPathComponent().appending(path: "introspect")
    }

    /// `POST /introspect` (RFC 7662) for `token`, authenticated as the confidential client
    /// `introspector`; AM refuses public clients (`invalid_client`).
    public func introspect(_ token: String, as introspector: ClientCredentials) async throws(OAuthError) -> TokenIntrospection {
        let response = try await formRequest(introspectionEndpoint, [("token", token), ("token_type_hint", "access_token")],
                                             headers: [introspector.authorization])
        let json = try Self.json(from: response)
        guard json["active"]?.boolValue != nil else {
            throw .malformed("the introspection answer has no \"active\" member")
        }
        return TokenIntrospection(json: json, serverClock: ServerClock(response))
    }
}
