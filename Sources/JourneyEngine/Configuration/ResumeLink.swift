import Foundation
import Orchestrate

/// A resume link (an emailed "magic link", or the URL a browser lands on after a social or
/// SAML login), read the way the JavaScript SDK's `resume(url)` reads it: the `suspendedId`,
/// and every other parameter AM needs to go on, sent back with the first request.
public struct ResumeLink: Sendable, Hashable {
    /// The parameters AM may put in a resume link besides `suspendedId`.
    public static let carriedParameters = [
        "authIndexType", "authIndexValue", "code", "state", "error", "errorCode", "errorMessage", "RelayState",
        "responsekey", "form_post_entry", "nonce", "scope",
    ]

    public let suspendedId: String
    /// The link's other parameters, in the link's order (the journey: `authIndexType` and
    /// `authIndexValue`; a provider's `code` and `state` …).
    public let parameters: [URLQueryItem]

    public init(suspendedId: String, parameters: [URLQueryItem] = []) {
        self.suspendedId = suspendedId
        self.parameters = parameters
    }

    /// Reads a pasted link, or takes a bare id as it is. Links may carry their query after a
    /// fragment (XUI: `…/XUI/?realm=/#/?suspendedId=…`).
    public init(link: String) throws(ConfigurationError) {
        let trimmed = link.trimmingWhitespace()
        if !trimmed.contains("?"), !trimmed.contains("="), !trimmed.contains("/"), !trimmed.isEmpty {
            self.init(suspendedId: trimmed)
            return
        }
        let items = Self.queryItems(of: trimmed)
        guard let id = items.first(where: { $0.name == "suspendedId" })?.value, !id.isEmpty else {
            throw .invalidValue(name: "resume link", value: link, reason: "it has no suspendedId parameter")
        }
        self.init(suspendedId: id, parameters: Self.carried(items))
    }

    /// Every query parameter of an address (``AddressQuery/items(of:)``).
    static func queryItems(of address: String) -> [URLQueryItem] {
        AddressQuery.items(of: address)
    }

    /// The parameters AM is sent back (``carriedParameters``), each once, first value first.
    static func carried(_ items: [URLQueryItem]) -> [URLQueryItem] {
        var seen = Set<String>()
        return items.filter { item in
            carriedParameters.contains(item.name) && item.value != nil && seen.insert(item.name).inserted
        }
    }

    /// The journey the link names, when it names one (`authIndexValue` of a service).
    public var journeyName: String? {
        guard parameters.first(where: { $0.name == "authIndexType" })?.value ?? "service" == "service" else { return nil }
        return parameters.first { $0.name == "authIndexValue" }?.value
    }
}
