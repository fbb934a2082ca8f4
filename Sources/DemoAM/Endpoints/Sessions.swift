import Foundation
import HTTPTypes
import Hummingbird

/// `POST /json/realms/{realm}/sessions?_action=…`: what AM's session endpoint does for the SDKs.
///
/// - `logout`: ends the session named by the header (or cookie) that bears the realm's cookie name
///   (``DemoAM/sessionCookieName(forRealm:)``); 200 `{"result":"Successfully logged out"}` with an
///   expiring cookie, 401 "Access Denied" otherwise. The session goes into ``DemoRevocations``.
/// - `getSessionInfo`: the session's user, realm and expiry times, and as `properties` its
///   `AuthLevel`, `Service` (the journey passed last), `authInstant` and `amr` (space-separated);
///   401 when it is not valid.
/// - `validate`: `{"valid": true, …}` for the `tokenId` in the body (or the header's session).
///
/// Every `Accept-API-Version` the SDKs send here (resource 1.x to 4.x) is accepted.
struct Sessions: Sendable {
    let state: ServerState

    /// AM's defaults for the demo: 30 minutes idle, 2 hours in all.
    private static let maximumIdle: TimeInterval = 30 * 60
    private static let maximumLifetime: TimeInterval = 120 * 60

    func respond(to request: Request, realm: String) async -> Response {
        do throws(AMError) {
            return try await session(request, realm: realm)
        } catch {
            return error.response
        }
    }

    private func session(_ request: Request, realm: String) async throws(AMError) -> Response {
        guard let version = APIVersion.resource(in: request.headers[.acceptAPIVersion]), ["1", "2", "3", "4"].contains(version.prefix(1)) else {
            throw .badRequest("Unsupported API version: send Accept-API-Version: resource=3.1, protocol=1.0")
        }
        let token = request.ssoToken(realm: realm)
        switch request.uri.queryParameters["_action"].map(String.init) {
        case "logout":
            guard let token, await state.directory.session(tokenId: token)?.realm == realm,
                  let session = await state.directory.endSession(tokenId: token) else { throw .accessDenied }
            await state.revocations.loggedOut(session, request: request.revocationSummary)
            var response = Response.json(.object([("result", "Successfully logged out")]))
            let cookieName = DemoAM.sessionCookieName(forRealm: realm)
            response.headers.append(HTTPField(name: .setCookie, value: "\(cookieName)=\"\"; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/"))
            return response
        case "getSessionInfo":
            guard let token, let session = await state.directory.session(tokenId: token), session.realm == realm else {
                throw .accessDenied
            }
            return .json(Self.info(session))
        case "validate":
            let checked = await Self.tokenId(inBodyOf: request) ?? token
            guard let checked, let session = await state.directory.session(tokenId: checked), session.realm == realm else {
                return .json(.object([("valid", false)]))
            }
            return .json(.object([("valid", true), ("sessionUid", .string(String(session.tokenId.prefix(12)))),
                                  ("uid", .string(session.username)), ("realm", .string(session.realm))]))
        case let other:
            throw .badRequest("Unknown action \(other ?? "(none)"): use logout, getSessionInfo or validate")
        }
    }

    /// The shape of AM's getSessionInfo answer.
    private static func info(_ session: Session) -> JSONValue {
        let formatter = ISO8601DateFormatter()
        let now = Date()
        return .object([
            ("username", .string(session.username)),
            ("universalId", .string("id=\(session.username),ou=user,o=\(session.realm == "/" ? "root" : String(session.realm.dropFirst())),ou=services,ou=am-config")),
            ("realm", .string(session.realm)),
            ("latestAccessTime", .string(formatter.string(from: now))),
            ("maxIdleExpirationTime", .string(formatter.string(from: now.addingTimeInterval(maximumIdle)))),
            ("maxSessionExpirationTime", .string(formatter.string(from: session.created.addingTimeInterval(maximumLifetime)))),
            ("properties", .object([
                ("AMCtxId", .string(String(session.tokenId.suffix(12)))), ("AuthLevel", .string(String(session.authLevel))),
                ("Service", .string(session.journey)), ("authInstant", .string(formatter.string(from: session.authTime))),
                ("amr", .string(session.amr.joined(separator: " "))),
            ])),
        ])
    }

    private static func tokenId(inBodyOf request: Request) async -> String? {
        var request = request
        guard let buffer = try? await request.collectBody(upTo: 1 << 16), buffer.readableBytes > 0,
              let object = try? JSONSerialization.jsonObject(with: Data(buffer.readableBytesView)) as? [String: Any] else {
            return nil
        }
        return object["tokenId"] as? String
    }
}
