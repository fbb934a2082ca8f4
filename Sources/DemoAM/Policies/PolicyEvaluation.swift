import Foundation
import Hummingbird

/// `POST /json/realms/{realm}/policies?_action=evaluate`: AM's policy decisions for the demo's
/// one policy set, `DemoTransactions`.
///
/// The caller (a resource server) sends its own SSO token in the header named after the realm's
/// cookie, and `{"application","resources":[…],"subject":{"ssoToken"|"jwt"},"environment":{"TxId":[…]}}`.
/// The answer is one decision per resource. A transfer (a resource whose path ends in `/transfer`)
/// is allowed only with a `TxId` of the subject's user that was confirmed and not used yet, and
/// allowing it uses it up; otherwise it is denied with a new `TransactionConditionAdvice`. Any
/// other resource is allowed to a valid subject.
struct PolicyEvaluation: Sendable {
    static let application = "DemoTransactions"

    let state: ServerState

    func respond(to request: Request, realm: String) async -> Response {
        do throws(AMError) {
            return try await evaluate(request, realm: realm)
        } catch {
            return error.response
        }
    }

    private func evaluate(_ request: Request, realm: String) async throws(AMError) -> Response {
        guard request.uri.queryParameters["_action"] == "evaluate" else {
            throw .badRequest("Unknown action: policies answers _action=evaluate only")
        }
        guard APIVersion.resource(in: request.headers[.acceptAPIVersion])?.hasPrefix("2.") == true else {
            throw .badRequest("Unsupported API version: send Accept-API-Version: resource=2.1")
        }
        guard await request.session(in: state.directory, realm: realm) != nil else { throw .accessDenied }
        guard let body = try await request.jsonBody() else { throw .badRequest("The request has no body: send the application, resources and subject") }
        guard body["application"]?.string == Self.application else {
            throw .badRequest("Unknown application \(body["application"]?.string ?? "(none)"): the demo AM has \(Self.application)")
        }
        guard let resources = body["resources"]?.array?.compactMap(\.string), !resources.isEmpty else {
            throw .badRequest("resources must be a non-empty array of resource URLs")
        }
        let username = try await subjectUser(body["subject"], realm: realm)
        let txId = body["environment"]?["TxId"]?.array?.first?.string
        var decisions: [JSONValue] = []
        for resource in resources {
            decisions.append(await decide(resource, username: username, realm: realm, txId: txId).json)
        }
        return .json(.array(decisions))
    }

    private func decide(_ resource: String, username: String, realm: String, txId: String?) async -> PolicyDecision {
        guard URLComponents(string: resource)?.path.hasSuffix("/transfer") == true else { return .allowed(resource) }
        if let txId, await state.transactions.use(txId, by: username) {
            return .allowed(resource)
        }
        return .denied(resource, transaction: await state.transactions.open(for: username, realm: realm))
    }

    /// The user of `{"ssoToken": …}` (a session of the realm) or `{"jwt": …}` (a live access token of it).
    private func subjectUser(_ subject: JSONValue?, realm: String) async throws(AMError) -> String {
        if let ssoToken = subject?["ssoToken"]?.string {
            guard let session = await state.directory.session(tokenId: ssoToken), session.realm == realm else {
                throw .badRequest("The subject's ssoToken is not a valid session of realm \(realm)")
            }
            return session.username
        }
        if let jwt = subject?["jwt"]?.string {
            guard let token = await LiveAccessToken(jwt, realm: realm, state: state) else {
                throw .badRequest("The subject's jwt is not a valid access token of realm \(realm)")
            }
            return token.grant.session.username
        }
        throw .badRequest("subject must be {\"ssoToken\": …} or {\"jwt\": …}")
    }
}
