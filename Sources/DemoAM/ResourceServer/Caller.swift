import Foundation
import Hummingbird

/// Who called the resource server, as the demo AM described their credential: the claims of an
/// introspected bearer token, or the properties of an SSO session.
struct Caller: Sendable {
    /// What the caller presented.
    enum Credential: Sendable {
        case bearer(String)
        case ssoToken(String)

        /// The policy evaluation subject for it: `{"jwt": …}` or `{"ssoToken": …}`.
        var subject: JSONValue {
            switch self {
            case .bearer(let token): .object([("jwt", .string(token))])
            case .ssoToken(let token): .object([("ssoToken", .string(token))])
            }
        }
    }

    /// The outcome of looking at a request's credentials.
    enum Check: Sendable {
        /// No credentials were sent.
        case anonymous
        /// Credentials were sent, and the demo AM does not know them as live ones.
        case invalid(Credential)
        case valid(Caller)
    }

    let credential: Credential
    let sub: String
    let scopes: [String]
    let authLevel: Int
    let amr: [String]
    let acr: String
    let authTime: Int
    /// The OAuth client of a bearer token; `nil` for a session.
    let clientId: String?

    /// `{"sub","scope","auth_level","amr","acr","auth_time","client_id"}`.
    var profile: JSONValue {
        .object([
            ("sub", .string(sub)), ("scope", .string(scopes.joined(separator: " "))), ("auth_level", .int(authLevel)),
            ("amr", .array(amr.map(JSONValue.string))), ("acr", .string(acr)), ("auth_time", .int(authTime)),
            ("client_id", clientId.map(JSONValue.string) ?? .null),
        ])
    }

    /// The credential a request carries: `Authorization: Bearer`, else the root realm's SSO token
    /// (the `iPlanetDirectoryPro` header or cookie).
    static func credential(of request: Request) -> Credential? {
        if let header = request.headers[.authorization], header.prefix(7).lowercased() == "bearer " {
            return .bearer(String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces))
        }
        return request.ssoToken(realm: "/").map(Credential.ssoToken)
    }

    /// Asks the demo AM about the request's credential: introspection or `getSessionInfo`.
    static func check(_ request: Request, backend: AMBackend) async throws(AMBackend.Failure) -> Check {
        guard let credential = credential(of: request) else { return .anonymous }
        switch credential {
        case .bearer(let token):
            let claims = try await backend.introspect(token)
            guard case .bool(true)? = claims["active"], let sub = claims["sub"]?.string else { return .invalid(credential) }
            return .valid(Caller(
                credential: credential, sub: sub, scopes: words(claims["scope"]?.string), authLevel: claims["auth_level"]?.int ?? 0,
                amr: claims["amr"]?.array?.compactMap(\.string) ?? [], acr: claims["acr"]?.string ?? "",
                authTime: claims["auth_time"]?.int ?? 0, clientId: claims["client_id"]?.string
            ))
        case .ssoToken(let token):
            guard let info = try await backend.sessionInfo(token), let sub = info["username"]?.string else { return .invalid(credential) }
            let properties = info["properties"]
            let authInstant = properties?["authInstant"]?.string.flatMap { ISO8601DateFormatter().date(from: $0) }
            return .valid(Caller(
                credential: credential, sub: sub, scopes: [], authLevel: properties?["AuthLevel"]?.string.flatMap { Int($0) } ?? 0,
                amr: words(properties?["amr"]?.string), acr: properties?["Service"]?.string ?? "",
                authTime: Int(authInstant?.timeIntervalSince1970 ?? 0), clientId: nil
            ))
        }
    }

    private static func words(_ text: String?) -> [String] {
        (text ?? "").split(separator: " ").map(String.init)
    }
}
