import Foundation
import HTTPTypes
import Hummingbird

/// `/ig/transfer` (GET and POST): an Identity Gateway (PingGateway) policy enforcement filter in
/// front of the transfer, as the SDKs meet it.
///
/// It takes the SSO cookie (or header) or a bearer token, asks policy evaluation with subject
/// `ssoToken` or `jwt` and `TxId` from the query parameter `_txid`, and when denied answers:
/// - with request header `x-authenticate-response: header`: 401
///   `WWW-Authenticate: SSOADVICE realm="/",advices="<base64 of the advices JSON>",am_uri="<AM>"`;
/// - otherwise: 307 to AM with `goto` (this URL with `_txid` of the new transaction), `realm`,
///   `authIndexType=composite_advice` and the advice XML as `authIndexValue`.
struct IdentityGateway: Sendable {
    private static let path = "/ig/transfer"
    private static let responseModeHeader = HTTPField.Name("x-authenticate-response")!

    let backend: AMBackend

    func transfer(_ request: Request, context: DemoRequestContext) async -> Response {
        guard let credential = Caller.credential(of: request) else { return BearerChallenge.credentialsMissing.response }
        let txId = request.uri.queryParameters["_txid"].map(String.init)
        let decision: JSONValue?
        do throws(AMBackend.Failure) {
            decision = try await backend.evaluate(resource: ResourceURL.of(context, path: Self.path), subject: credential.subject, txId: txId)
        } catch {
            return ResourceURL.badGateway(error)
        }
        guard let decision else { return BearerChallenge.invalidToken("The demo AM does not know this session or token").response }
        if case .bool(true)? = decision["actions"]?[request.method == .post ? "POST" : "GET"] {
            return .json(.object([("transfer", "done"), ("via", "ig"), ("txid", txId.map(JSONValue.string) ?? .null)]))
        }
        guard let newTxId = decision["advices"]?["TransactionConditionAdvice"]?.array?.first?.string else {
            return .json(decision, status: .forbidden)
        }
        if request.headers[Self.responseModeHeader]?.lowercased() == "header" {
            let advices = Data(JSONValue.object([("TransactionConditionAdvice", .array([.string(newTxId)]))]).serialized.utf8).base64EncodedString()
            var response = Response(status: .unauthorized)
            response.headers[.wwwAuthenticate] = #"SSOADVICE realm="/",advices="\#(advices)",am_uri="\#(context.baseURL)""#
            return response
        }
        return Response(status: .temporaryRedirect, headers: [.location: Self.amLocation(request, context: context, txId: newTxId)])
    }

    /// `<AM>/?goto=<this URL with _txid>&realm=/&authIndexType=composite_advice&authIndexValue=<advice XML>`.
    private static func amLocation(_ request: Request, context: DemoRequestContext, txId: String) -> String {
        var query = FormEncoding.decodePairs(request.uri.query ?? "").filter { $0.name != "_txid" }
        query.append(("_txid", txId))
        let goto = ResourceURL.of(context, path: path) + "?" + FormEncoding.encode(query)
        let xml = "<Advices><AttributeValuePair><Attribute name=\"TransactionConditionAdvice\"/><Value>\(txId)</Value></AttributeValuePair></Advices>"
        return "\(context.baseURL)/?goto=\(FormEncoding.percentEncoded(goto))&realm=/&authIndexType=composite_advice"
            + "&authIndexValue=\(FormEncoding.percentEncoded(xml))"
    }
}
