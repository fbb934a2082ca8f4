import Foundation
import Orchestrate

/// A protected resource's answer that carries policy advices: what to walk at AM
/// (`JourneyRequest.Entry.compositeAdvice`) and how to retry the resource afterwards.
public struct AdviceChallenge: Sendable, Hashable {
    /// Where the advices came from, which decides how the retry is decorated.
    public enum Source: Sendable, Hashable {
        /// A REST resource server's JSON body: advices on a 401/403, or AM's policy decision
        /// passed on with any other status (often 200).
        case rest
        /// PingGateway's header mode: a 401 with an SSOADVICE challenge.
        case gatewayHeader(realm: String?, amURI: URL?)
        /// PingGateway's redirect mode: a 3xx to AM with the advice in the query.
        case gatewayRedirect(goto: URL?, realm: String?)
    }

    public let advice: CompositeAdvice
    public let source: Source

    public init(advice: CompositeAdvice, source: Source) {
        self.advice = advice
        self.source = source
    }

    /// The transaction id, when a `TransactionConditionAdvice` is among the advices.
    public var transactionID: String? { advice.transactionID }

    /// The original request made ready to retry once the advice journey succeeded.
    /// PingGateway (both modes): `_txid=<id>` in the query, replacing any `_txid` there;
    /// unchanged without a transaction. REST: `X-TxID: <id>` for a transaction and
    /// `X-Tree: <value>` for an `AuthenticateToServiceConditionAdvice` (the JS SDK's convention).
    public func retrying(_ request: HTTPRequest) -> HTTPRequest {
        var retry = request
        switch source {
        case .gatewayHeader, .gatewayRedirect:
            if let id = transactionID { retry.url = Self.url(request.url, withTransaction: id) }
        case .rest:
            if let id = transactionID { retry.setHeader(HTTPHeader("X-TxID", id)) }
            if let tree = advice.values(of: .authenticateToService).first { retry.setHeader(HTTPHeader("X-Tree", tree)) }
        }
        return retry
    }

    private static let queryValueCharacters = CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// The URL with `_txid` set; the other query parameters stay byte for byte.
    private static func url(_ url: URL, withTransaction id: String) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        let encoded = id.addingPercentEncoding(withAllowedCharacters: queryValueCharacters) ?? id
        var pairs = (components.percentEncodedQuery ?? "").split(separator: "&").filter {
            FormQuery.decoded($0.prefix { $0 != "=" }) != "_txid"
        }
        pairs.append("_txid=" + encoded)
        components.percentEncodedQuery = pairs.joined(separator: "&")
        return components.url ?? url
    }
}

extension HTTPRequest {
    /// Replaces every header with this name (in any case) by this one.
    mutating func setHeader(_ header: HTTPHeader) {
        headers.removeAll { $0.name.equalsIgnoringCase(header.name) }
        headers.append(header)
    }
}
