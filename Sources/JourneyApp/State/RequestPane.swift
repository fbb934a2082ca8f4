import Foundation
import JourneyEngine
import Orchestrate
import TerminalKit

/// A tab's request pane: a call to a protected API (picked from suggestions or typed), the hops
/// of the call as its `ResourceMachine` makes them, and how it ended. Its update
/// (`RequestPane+Update.swift`) takes keys and the answers to what it waits for, and returns
/// what its tab and the runtime do.
public struct RequestPane: Sendable {
    /// Where keys go in the pane.
    public enum Focus: Sendable, Equatable {
        case suggestions, method, url, body
    }

    /// What a running call waits for.
    public enum Waiting: Sendable, Equatable {
        /// The tab's cookie jar, read for the request with this id, to choose how the tab's
        /// session goes with `call` (the cookie AM set, or one built from its token).
        case cookies(requestID: Int, call: ResourceCall)
        /// The resource's answer to the request with this id.
        case response(requestID: Int)
        /// The step-up or advice journey (named for the hops) its tab walks in the tab's form.
        case journey(name: String)
        /// New tokens from the (upgraded) session; the tokens held before them.
        case tokens(before: OAuthTokens?)
    }

    public static let methods = ["GET", "POST", "PUT", "DELETE"]

    public var suggestions: [RequestSuggestion]
    public var selected = 0
    public var method = "GET"
    public var url: TextField
    public var body: TextField
    public var focus: Focus
    /// The call under way or last made.
    public var machine: ResourceMachine?
    public var waiting: Waiting?
    public var outcome: ResourceOutcome?
    /// How many lines the hops are scrolled back from their end (PgUp/PgDn); 0 shows the newest.
    public var scroll = 0

    init(suggestions: [RequestSuggestion]) {
        self.suggestions = suggestions
        url = TextField(placeholder: "https://api.example.com/resource")
        body = TextField(placeholder: "optional, e.g. {\"amount\":\"100.00\"}")
        focus = suggestions.isEmpty ? .url : .suggestions
        if !suggestions.isEmpty { pick(0) }
    }

    /// Fills method, URL and body from a suggestion.
    mutating func pick(_ index: Int) {
        guard suggestions.indices.contains(index) else { return }
        selected = index
        let suggestion = suggestions[index]
        method = suggestion.method
        url.text = suggestion.url
        url.cursor = url.text.count
        body.text = suggestion.body ?? ""
        body.cursor = body.text.count
    }

    public var isRunning: Bool { waiting != nil }
}

/// A call the request pane offers ready-made (the demo AM's API, for example).
public struct RequestSuggestion: Sendable, Hashable {
    public let label: String
    public let method: String
    public let url: String
    public let body: String?

    public init(label: String, method: String = "GET", url: String, body: String? = nil) {
        self.label = label
        self.method = method
        self.url = url
        self.body = body
    }
}
