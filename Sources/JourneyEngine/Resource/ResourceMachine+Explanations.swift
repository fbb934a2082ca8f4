import Foundation
import Orchestrate

/// What the machine says about what it saw, in words for the person watching. Server text
/// goes through `TerminalText.line`.
extension ResourceMachine {
    /// The transaction id a request carries (`X-TxID`, or `_txid` in its query), if any: the
    /// retry after a transaction was confirmed.
    static func transactionID(of request: HTTPRequest) -> String? {
        if let id = request.header("X-TxID") { return id }
        return URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "_txid" }?.value
    }

    /// A request sent again as it went, with the transaction id of a transaction it already
    /// used, answered by a new advice: the old transaction was refused, said so.
    static func refusedTransactionNote(_ challenge: ResourceChallenge, request: HTTPRequest) -> String? {
        guard case .advice = challenge, let id = transactionID(of: request) else { return nil }
        return "Stopped: the transaction \(TerminalText.line(id)) this request carries was refused as already used (a transaction "
            + "confirms one request only); the advice above asks for a new one. A new call (Enter) confirms it and sends the request with its id."
    }

    static func describe(_ challenge: ResourceChallenge, status: Int) -> String {
        switch challenge {
        case .none:
            return "\(status): not a challenge."
        case .stepUp(let bearer):
            var wants: [String] = []
            if !bearer.acrValues.isEmpty { wants.append("acr_values \(bearer.acrValues.map(TerminalText.line).joined(separator: " "))") }
            if let maxAge = bearer.maxAge { wants.append("an authentication at most \(ReadableDuration.text(seconds: maxAge)) old (max_age \(maxAge))") }
            return "\(status): the resource wants a stronger or more recent authentication (RFC 9470 insufficient_user_authentication\(wants.isEmpty ? "" : ": " + wants.joined(separator: ", ")))\(quoted(bearer.errorDescription))."
        case .insufficientScope(let bearer):
            return "\(status): the token lacks a scope the resource needs (insufficient_scope\(bearer.scope.isEmpty ? "" : ": needs \(bearer.scope.map(TerminalText.line).joined(separator: " "))"))\(quoted(bearer.errorDescription))."
        case .invalidToken(let bearer):
            return "\(status): the resource did not accept the credential (\(TerminalText.line(bearer.error ?? "no credentials accepted")))\(quoted(bearer.errorDescription))."
        case .advice(let advice):
            let advices = advice.advice.advices.map { "\($0.type.rawValue) \($0.values.map(TerminalText.line).joined(separator: " "))" }
            return "\(status): the resource asks AM for more (\(source(advice.source, status: status))): \(advices.joined(separator: ", "))."
        case .malformed(let error):
            return "\(status): the answer looks like a challenge but cannot be read: \(error.description)"
        }
    }

    private static func source(_ source: AdviceChallenge.Source, status: Int) -> String {
        switch source {
        case .rest where (200..<300).contains(status): "AM's policy decision in the JSON body, carried by a \(status) that is not a success"
        case .rest: "a policy advice in the JSON body of a \(status)"
        case .gatewayHeader: "Identity Gateway, advice in a WWW-Authenticate SSOADVICE header"
        case .gatewayRedirect: "Identity Gateway, a redirect to AM with a composite advice"
        }
    }

    private static func quoted(_ text: String?) -> String {
        text.map { ": “\(TerminalText.line($0))”" } ?? ""
    }

    static func describe(_ requirements: TokenRequirements) -> String {
        var parts: [String] = []
        if !requirements.acrValues.isEmpty { parts.append("acr_values=\(requirements.acrValues.joined(separator: " "))") }
        if let maxAge = requirements.maxAge { parts.append("max_age=\(maxAge)") }
        return parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))"
    }

    static func retryNote(_ advice: AdviceChallenge, retry: HTTPRequest) -> String {
        switch advice.source {
        case .gatewayHeader, .gatewayRedirect:
            return advice.transactionID.map { " with _txid=\(TerminalText.line($0)) in the query" } ?? ""
        case .rest:
            if let id = advice.transactionID { return " with the header X-TxID: \(TerminalText.line(id))" }
            if let tree = retry.header("X-Tree") { return " with the header X-Tree: \(TerminalText.line(tree))" }
            return ""
        }
    }

    static func statusMeaning(_ status: Int) -> String {
        switch status {
        case 200..<300: "success"
        case 300..<400: "a redirect"
        case 401: "unauthorized"
        case 403: "forbidden"
        case 404: "not found"
        case 400..<500: "refused"
        default: "a server error"
        }
    }
}
