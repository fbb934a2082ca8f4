import Foundation
import Orchestrate

/// One hop of a call to a protected API, for people watching: an exchange with the resource
/// (the request, redacted when shown, and the response), a journey at AM, or new tokens; with
/// what the client concluded and what it did next.
public struct ResourceHop: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case exchange, journey, tokens
        /// The instance's stores could not be read or written: the call went on without them.
        case stores
    }

    public var kind: Kind
    /// One line: `POST http://…/api/transfer`, `journey StepUp`, `new tokens`.
    public var title: String
    public var request: HTTPRequest?
    public var response: HTTPResponse?
    /// What the client made of it.
    public var conclusion: String
    /// What the client did next (empty when the call ended here).
    public var next: String

    /// A request's or response's body on one line for people: JSON as compact, terminal-safe
    /// text, anything else by its size.
    public static func bodyLine(_ body: Data) -> String {
        if let json = try? JSONValue.parse(body) { return json.terminalSafeJSONText }
        return "(\(body.count) bytes, not JSON)"
    }

    public init(kind: Kind, title: String, request: HTTPRequest? = nil, response: HTTPResponse? = nil,
                conclusion: String, next: String = "") {
        self.kind = kind
        self.title = title
        self.request = request
        self.response = response
        self.conclusion = conclusion
        self.next = next
    }
}

/// How a call to a protected API ended.
public enum ResourceOutcome: Sendable, Hashable {
    /// The resource answered and asked nothing more (whatever the status: a 404 is an answer).
    case answered(HTTPResponse)
    /// The resource challenged and the challenge was not (or no longer) followed.
    case challenged(ResourceChallenge)
    /// The call could not be completed; the message says why, `cause` is the journey or network
    /// error behind it when there is one. Stored session and tokens are as before.
    case failed(String, cause: JourneyError?)
}
