import Foundation
import HTTPTypes
import Hummingbird

/// The protected API under `/api`, outside `/am`: a resource server that decides every request by
/// asking the demo AM over HTTP (``AMBackend``), as a real one would.
///
/// - `GET /api/profile`: any live token or session → who it is and how they authenticated.
/// - `GET /api/balance`: needs `auth_level` ≥ 2 or `otp` among the `amr`; else an RFC 9470 challenge
///   with `acr_values="StepUp"`.
/// - `POST /api/transfer`: needs a bearer token with scope `WRITE_TRANSACTION` (else 403), then a
///   policy decision; denied → 401 with the decision (and its `TransactionConditionAdvice`) as body;
///   a retry with `X-TxID: <confirmed transaction>` is allowed once.
/// - `GET`/`POST /api/relay/transfer`: the same transfer behind any live token or session, and a
///   denied decision passed on as it is with **200**, as the JavaScript SDK's sample resource
///   server does; a retry with `X-TxID` is allowed once.
struct DemoAPI: Sendable {
    static let relayPath = "/api/relay/transfer"
    static let transferScope = "WRITE_TRANSACTION"
    private static let txIdHeader = HTTPField.Name("X-TxID")!

    let backend: AMBackend

    func profile(_ request: Request) async -> Response {
        await withCaller(request) { caller in .json(caller.profile) }
    }

    func balance(_ request: Request) async -> Response {
        await withCaller(request) { caller in
            guard caller.authLevel >= 2 || caller.amr.contains("otp") else {
                return BearerChallenge.insufficientUserAuthentication("Seeing the balance needs a one-time code", acrValues: "StepUp").response
            }
            return .json(.object([
                ("balance", "1234.56"), ("currency", "EUR"), ("auth_level", .int(caller.authLevel)), ("amr", .array(caller.amr.map(JSONValue.string))),
            ]))
        }
    }

    func transfer(_ request: Request, context: DemoRequestContext) async -> Response {
        let order: (amount: String, to: String)
        do throws(AMError) {
            order = try await Self.order(in: request)
        } catch {
            return error.response
        }
        return await withCaller(request) { caller throws(AMBackend.Failure) in
            guard case .bearer = caller.credential, caller.scopes.contains(Self.transferScope) else {
                return BearerChallenge.insufficientScope(Self.transferScope, "A transfer needs an access token with scope \(Self.transferScope)").response
            }
            let txId = request.headers[Self.txIdHeader]
            let resource = ResourceURL.of(context, path: "/api/transfer")
            guard let decision = try await backend.evaluate(resource: resource, subject: caller.credential.subject, txId: txId) else {
                return BearerChallenge.invalidToken("The demo AM does not accept this token as a policy subject").response
            }
            guard case .bool(true)? = decision["actions"]?["POST"] else { return .json(decision, status: .unauthorized) }
            return .json(.object([
                ("transfer", "done"), ("amount", .string(order.amount)), ("to", .string(order.to)), ("txid", txId.map(JSONValue.string) ?? .null),
            ]))
        }
    }

    func relayedTransfer(_ request: Request, context: DemoRequestContext) async -> Response {
        await withCaller(request) { caller throws(AMBackend.Failure) in
            let txId = request.headers[Self.txIdHeader]
            let resource = ResourceURL.of(context, path: Self.relayPath)
            guard let decision = try await backend.evaluate(resource: resource, subject: caller.credential.subject, txId: txId) else {
                return BearerChallenge.invalidToken("The demo AM does not accept this credential as a policy subject").response
            }
            guard case .bool(true)? = decision["actions"]?[request.method.rawValue] else { return .json(decision) }
            return .json(.object([("transfer", "done"), ("via", "relay"), ("txid", txId.map(JSONValue.string) ?? .null)]))
        }
    }

    /// `{"amount","to"}` from the optional JSON body; `100.00` to `savings` when not given.
    private static func order(in request: Request) async throws(AMError) -> (amount: String, to: String) {
        let body = try await request.jsonBody() ?? .object([])
        guard case .object = body else {
            throw .badRequest("The transfer body must be a JSON object like {\"amount\":\"100.00\",\"to\":\"savings\"}")
        }
        return (body["amount"]?.string ?? "100.00", body["to"]?.string ?? "savings")
    }

    /// Runs `body` for a live caller; answers the challenges for missing and unknown credentials,
    /// and a 502 when the demo AM could not be asked.
    private func withCaller(_ request: Request, _ body: (Caller) async throws(AMBackend.Failure) -> Response) async -> Response {
        do throws(AMBackend.Failure) {
            switch try await Caller.check(request, backend: backend) {
            case .anonymous:
                return BearerChallenge.credentialsMissing.response
            case .invalid:
                return BearerChallenge.invalidToken("The token is expired, revoked, unknown or not of the root realm").response
            case .valid(let caller):
                return try await body(caller)
            }
        } catch {
            return ResourceURL.badGateway(error)
        }
    }
}
