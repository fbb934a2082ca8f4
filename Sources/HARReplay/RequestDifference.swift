import Foundation

/// A request as the replay received it.
struct ReceivedRequest: Sendable {
    let method: String
    let path: String
    let query: [NameValue]
    let body: ReplayBody
}

/// What tells a received request from a recorded one, in words a person can act on. Redacted
/// recorded values match anything. String values are named only where they are names (a
/// journey's name, an input's name, a callback's type), never where they could be a secret
/// the client sent.
struct RequestDifference: Sendable {
    /// How far the request went before it differed (its query, its kind of body, its callbacks,
    /// a member of its body): the recorded request it differs from deepest is the closest.
    enum Depth: Int, Comparable, Sendable {
        case query, bodyKind, callbacks, member

        static func < (left: Depth, right: Depth) -> Bool { left.rawValue < right.rawValue }
    }

    let depth: Depth
    let reason: String

    /// Query parameters whose values are shown in a message: they name a journey or an action.
    static let describedParameters: Set<String> = ["authIndexType", "authIndexValue", "_action", "realm", "service"]

    /// JSON members whose string values are shown in a message.
    static let describedMembers: Set<String> = ["type", "name"]

    /// Nil when the request matches the recorded one.
    static func between(_ received: ReceivedRequest, _ recorded: RecordedExchange) -> RequestDifference? {
        if let reason = parameters(received.query, recorded.query, kind: "query parameter") { return RequestDifference(depth: .query, reason: reason) }
        return body(received.body, recorded.body)
    }

    private static func parameters(_ received: [NameValue], _ recorded: [NameValue], kind: String) -> String? {
        let receivedNames = received.map(\.name).sorted(), recordedNames = recorded.map(\.name).sorted()
        guard receivedNames == recordedNames else {
            return "its \(kind)s are [\(receivedNames.joined(separator: ", "))], the recorded request's [\(recordedNames.joined(separator: ", "))]"
        }
        for expected in recorded where !RedactedValues.isRedacted(expected.value) {
            let sent = received.filter { $0.name == expected.name }.map(\.value)
            guard !sent.contains(expected.value) else { continue }
            if describedParameters.contains(expected.name) {
                return "\(kind) \(expected.name) is \(sent.map { "\"\($0)\"" }.joined(separator: ", ")), the recorded request's \"\(expected.value)\""
            }
            return "\(kind) \(expected.name) differs from the recorded value"
        }
        return nil
    }

    private static func body(_ received: ReplayBody, _ recorded: ReplayBody) -> RequestDifference? {
        switch (received, recorded) {
        case (.empty, .empty):
            return nil
        case (.json(let sent), .json(let expected)):
            if case .object(let sentObject) = sent, case .object(let expectedObject) = expected,
               let sentTypes = callbackTypes(sentObject), let expectedTypes = callbackTypes(expectedObject), sentTypes != expectedTypes {
                return RequestDifference(depth: .callbacks, reason: "its callbacks differ: expected [\(expectedTypes.joined(separator: ", "))], got [\(sentTypes.joined(separator: ", "))]")
            }
            return json(sent, expected, at: "").map { RequestDifference(depth: .member, reason: $0) }
        case (.form(let sent), .form(let expected)):
            return parameters(sent, expected, kind: "form field").map { RequestDifference(depth: .member, reason: $0) }
        case (.text(let sent), .text(let expected)):
            guard let expected, sent != expected else { return nil }
            return RequestDifference(depth: .member, reason: "its body differs from the recorded one")
        default:
            return RequestDifference(depth: .bodyKind, reason: "its body is \(received.kind), the recorded request's \(recorded.kind)")
        }
    }

    private static func callbackTypes(_ object: [String: ReplayJSON]) -> [String]? {
        guard case .array(let callbacks)? = object["callbacks"] else { return nil }
        return callbacks.map { callback in
            if case .object(let members) = callback, case .string(let type)? = members["type"] { return type }
            return "?"
        }
    }

    private static func json(_ sent: ReplayJSON, _ expected: ReplayJSON, at path: String) -> String? {
        let place = path.isEmpty ? "the body" : path
        switch (sent, expected) {
        case (_, .string(let recorded)) where RedactedValues.isRedacted(recorded):
            return nil
        case (.object(let members), .object(let recordedMembers)):
            guard Set(members.keys) == Set(recordedMembers.keys) else {
                return "\(place) has members [\(members.keys.sorted().joined(separator: ", "))], the recorded request's [\(recordedMembers.keys.sorted().joined(separator: ", "))]"
            }
            for (key, recordedMember) in recordedMembers.sorted(by: { $0.key < $1.key }) {
                if let member = members[key], let difference = json(member, recordedMember, at: path.isEmpty ? key : "\(path).\(key)") {
                    return difference
                }
            }
            return nil
        case (.array(let elements), .array(let recordedElements)):
            guard elements.count == recordedElements.count else {
                return "\(place) has \(elements.count) elements, the recorded request's \(recordedElements.count)"
            }
            for index in elements.indices {
                if let difference = json(elements[index], recordedElements[index], at: "\(path)[\(index)]") { return difference }
            }
            return nil
        case (.string(let value), .string(let recorded)) where value != recorded:
            let member = path.split(separator: ".").last.map(String.init) ?? ""
            return describedMembers.contains(member)
                ? "\(place) is \"\(value)\", the recorded request's \"\(recorded)\""
                : "\(place) differs from the recorded value"
        case (.string, .string):
            return nil
        default:
            guard sent != expected else { return nil }
            return "\(place) is \(sent.shown), the recorded request's \(expected.shown)"
        }
    }
}

extension ReplayBody {
    /// What kind of body it is, in a message.
    var kind: String {
        switch self {
        case .empty: "empty"
        case .json: "JSON"
        case .form: "a form"
        case .text: "text"
        }
    }
}

extension ReplayJSON {
    /// A number, boolean or null as JSON writes it; other values by their kind.
    var shown: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .number(let value): value == value.rounded() && abs(value) < 1e15 ? "\(Int(value))" : "\(value)"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
