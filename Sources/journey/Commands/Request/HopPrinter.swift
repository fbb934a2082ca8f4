import Foundation
import JourneyEngine
import Orchestrate

/// Shows the hops of a `journey request`: each as it happens on a terminal (requests with
/// their credentials redacted), or all of them as one JSON document at the end.
final class HopPrinter {
    private let console: Console
    private let cookieName: String
    private let printsJSON: Bool
    /// Each request also as a `curl` command (credentials redacted).
    private let printsCurl: Bool
    private var hops: [ResourceHop] = []

    init(console: Console, cookieName: String, printsJSON: Bool, printsCurl: Bool = false) {
        self.console = console
        self.cookieName = cookieName
        self.printsJSON = printsJSON
        self.printsCurl = printsCurl
    }

    func print(_ hop: ResourceHop) {
        hops.append(hop)
        guard !printsJSON else { return }
        console.result(console.styled("\(hops.count). \(TerminalText.line(hop.title))", .bold))
        if let request = hop.request {
            for header in Redaction.headers(request.headers, cookieName: cookieName) {
                console.result("   → \(TerminalText.line(header.name)): \(header.value)")
            }
            if let body = request.body, !body.isEmpty { console.result("   → \(ResourceHop.bodyLine(body))") }
            if printsCurl { console.result("   $ \(CurlCommand.make(request, rules: RedactionRules.journey(cookieName: cookieName)))") }
        }
        if let response = hop.response {
            console.result("   ← \(response.status)")
            for header in Redaction.headers(response.headers, cookieName: cookieName) where Self.shownResponseHeaders.contains(header.name.lowercased()) {
                console.result("   ← \(TerminalText.line(header.name)): \(header.value)")
            }
            if !response.body.isEmpty { console.result("   ← \(ResourceHop.bodyLine(response.body))") }
        }
        console.result("   concluded: \(hop.conclusion)")
        if !hop.next.isEmpty { console.result("   next:      \(hop.next)") }
    }

    func finish(_ outcome: ResourceOutcome) {
        if printsJSON {
            console.json(["hops": .array(hops.map { .object(json($0)) }), "outcome": .object(Self.json(outcome))])
            return
        }
        switch outcome {
        case .answered(let response) where (200..<300).contains(response.status):
            console.say("✓ The resource answered \(response.status).")
        case .answered(let response):
            console.say(console.styled("The resource answered \(response.status).", .red))
        case .challenged:
            console.say(console.styled("The resource's challenge stands (see the last hop).", .red))
        case .failed(let message, _):
            console.say(console.styled("journey: \(message)", .red))
        }
    }

    /// The response headers worth showing: the ones that carry a challenge or say what came back.
    private static let shownResponseHeaders: Set<String> = ["www-authenticate", "location", "content-type", "set-cookie"]

    private func json(_ hop: ResourceHop) -> JSONObject {
        var object: JSONObject = ["kind": .string(hop.kind.rawValue), "title": .string(hop.title),
                                  "conclusion": .string(hop.conclusion), "next": .string(hop.next)]
        if let request = hop.request {
            object["request"] = .object(["method": .string(request.method), "url": .string(Redaction.url(request.url)),
                                         "headers": headers(request.headers), "body": request.body.map(Self.jsonBody) ?? .null,
                                         "curl": .string(CurlCommand.make(request, rules: RedactionRules.journey(cookieName: cookieName)))])
        }
        if let response = hop.response {
            object["response"] = .object(["status": .int(response.status), "headers": headers(response.headers),
                                          "body": Self.jsonBody(response.body)])
        }
        return object
    }

    private func headers(_ headers: [HTTPHeader]) -> JSONValue {
        .array(Redaction.headers(headers, cookieName: cookieName).map { .object(["name": .string($0.name), "value": .string($0.value)]) })
    }

    /// A body in JSON output: parsed when it is JSON, else its text when it is UTF-8, else its size.
    private static func jsonBody(_ body: Data) -> JSONValue {
        if body.isEmpty { return .null }
        if let json = try? JSONValue.parse(body) { return json }
        if let text = String(data: body, encoding: .utf8) { return .string(String(text.prefix(4096))) }
        return .string("(\(body.count) bytes, not text)")
    }

    private static func json(_ outcome: ResourceOutcome) -> JSONObject {
        switch outcome {
        case .answered(let response): ["result": .string("answered"), "status": .int(response.status)]
        case .challenged: ["result": .string("challenged")]
        case .failed(let message, _): ["result": .string("failed"), "message": .string(message)]
        }
    }
}
