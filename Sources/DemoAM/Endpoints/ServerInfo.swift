import Crypto
import Foundation
import HTTPTypes
import Hummingbird

/// `GET /json/serverinfo/*` (the root realm) and `GET /json/realms/{realm}/serverinfo/*`: the
/// settings a client reads before it signs in, above all `cookieName`, the realm's SSO cookie and
/// header name (``DemoAM/sessionCookieName(forRealm:)``).
///
/// The members are those AM 7 and later answer, in AM's order, with the demo's values: no cookie
/// domains (host-only cookies), no `Secure` flag, no legacy self-service, no social providers.
/// `lang` is the `locale` parameter or the first `Accept-Language` tag. `Accept-API-Version` may
/// ask for `resource=1.0` or `1.1` (the same body) or be left out (1.1); other versions are a 400.
/// The answer's `Content-API-Version` names the version served.
enum ServerInfo {
    private static let versions = ["1.0", "1.1"]

    static func respond(to request: Request, realm: String, id: Substring) throws(AMError) -> Response {
        guard id.removingPercentEncoding == "*" else { throw .resourceNotFound(request.uri.path) }
        let version = APIVersion.resource(in: request.headers[.acceptAPIVersion]) ?? versions[versions.count - 1]
        guard versions.contains(version) else {
            throw .badRequest("Unsupported API version: send Accept-API-Version: resource=1.1, protocol=1.0")
        }
        let members = Self.members(realm: realm, lang: lang(of: request))
        var response = Response.json(.object([("_id", "*"), ("_rev", .string(revision(of: members)))] + members))
        response.headers[.contentAPIVersion] = "resource=\(version)"
        return response
    }

    private static func members(realm: String, lang: String) -> [(key: String, value: JSONValue)] {
        [
            ("domains", .array([])),
            ("protectedUserAttributes", .array(["telephoneNumber", "mail"])),
            ("cookieName", .string(DemoAM.sessionCookieName(forRealm: realm))),
            ("secureCookie", false),
            ("forgotPassword", "false"),
            ("forgotUsername", "false"),
            ("kbaEnabled", "false"),
            ("selfRegistration", "false"),
            ("lang", .string(lang)),
            ("successfulUserRegistrationDestination", "default"),
            ("socialImplementations", .array([])),
            ("referralsEnabled", "false"),
            ("zeroPageLogin", .object([("enabled", false), ("refererWhitelist", .array([])), ("allowedWithoutReferer", true)])),
            ("realm", .string(realm)),
            ("xuiUserSessionValidationEnabled", true),
            ("fileBasedConfiguration", false),
            ("userIdAttributes", .array([])),
        ]
    }

    /// The `locale` parameter, else the first `Accept-Language` tag, else `en-US`.
    private static func lang(of request: Request) -> String {
        let tag = request.uri.queryParameters["locale"].map(String.init)
            ?? request.headers[.acceptLanguage]?.split(separator: ",").first?.split(separator: ";").first.map(String.init)
        let trimmed = tag?.trimmingCharacters(in: .whitespaces) ?? ""
        return trimmed.isEmpty ? "en-US" : trimmed
    }

    /// A revision that changes with the content, written as AM writes its `_rev` (a signed integer).
    private static func revision(of members: [(key: String, value: JSONValue)]) -> String {
        let digest = Array(SHA256.hash(data: Data(JSONValue.object(members).serialized.utf8)))
        return String(Int32(bitPattern: digest.prefix(4).reduce(0) { $0 << 8 | UInt32($1) }))
    }
}
