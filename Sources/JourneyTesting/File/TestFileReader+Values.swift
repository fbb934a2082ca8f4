import Foundation
import JourneyProfiles
import Orchestrate
import Yams

/// How a test file's values are read (mappings, lists, text, templates, variables, durations)
/// and how its problems are worded, with the file, the line and the key.
extension TestFileReader {
    // MARK: - Values

    struct Entry {
        let key: String
        let line: Int?
        let value: Node
    }

    func mapping(_ node: Node, key: String?) throws(TestFileError) -> [Entry] {
        guard case .mapping(let mapping) = node else { throw problem(Self.line(of: node), key, "expects keys and values (a mapping)") }
        var seen: Set<String> = []
        var entries: [Entry] = []
        for (keyNode, value) in mapping {
            guard case .scalar(let scalar) = keyNode else {
                log.problems.append(problem(Self.line(of: keyNode), key, "a key must be text"))
                continue
            }
            guard seen.insert(scalar.string).inserted else {
                log.problems.append(problem(Self.line(of: keyNode), path(key, scalar.string), "the key is given twice"))
                continue
            }
            entries.append(Entry(key: scalar.string, line: Self.line(of: keyNode), value: value))
        }
        return entries
    }

    func sequence(_ node: Node, key: String) throws(TestFileError) -> [Node] {
        guard case .sequence(let sequence) = node else { throw problem(Self.line(of: node), key, "expects a list") }
        return Array(sequence)
    }

    func text(_ node: Node, key: String) throws(TestFileError) -> String {
        guard case .scalar(let scalar) = node else { throw problem(Self.line(of: node), key, "expects a single value") }
        return scalar.string
    }

    func texts(_ node: Node, key: String) throws(TestFileError) -> [String] {
        try sequence(node, key: key).map { item throws(TestFileError) in try text(item, key: key) }
    }

    func template(_ node: Node, key: String) throws(TestFileError) -> TestTemplate {
        let value = try text(node, key: key)
        do {
            return try TestTemplate(parsing: value)
        } catch {
            throw problem(Self.line(of: node), key, error.description)
        }
    }

    /// Names and templates, in the order written (`vars:`, a request's `answers:`, a case);
    /// `{command: …}` is refused here: it answers a page of `steps:` when that page arrives.
    /// With `marksSecrets` (`vars:`, a case), a value written `{secret: VALUE}` is a secret's:
    /// its name is in `marked`.
    func variables(_ node: Node, key: String, marksSecrets: Bool = false) throws(TestFileError)
        -> (values: [(name: String, value: TestTemplate)], marked: Set<String>) {
        var marked: Set<String> = []
        let values = try mapping(node, key: key).compactMap { entry in noting { () throws(TestFileError) -> (name: String, value: TestTemplate) in
            let here = path(key, entry.key)
            guard case .mapping = entry.value else { return (entry.key, try template(entry.value, key: here)) }
            let inner = try mapping(entry.value, key: here)
            if inner.contains(where: { $0.key == "command" }) {
                throw problem(entry.line, here, "{command: …} answers a page of steps: (run when the page arrives); here give the value")
            }
            guard marksSecrets, inner.count == 1, let secret = inner.first, secret.key == "secret" else {
                throw problem(entry.line, here, marksSecrets ? "takes a value, or {secret: VALUE} for a value reports hide" : "expects a single value")
            }
            marked.insert(entry.key)
            return (entry.key, try template(secret.value, key: path(here, "secret")))
        } }
        return (values, marked)
    }

    /// `2s`, `500ms`, `1.5s`, `1m`, or a number of seconds.
    func duration(_ node: Node, key: String) throws(TestFileError) -> Duration {
        let value = try text(node, key: key).trimmingSpaces()
        let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60)]
        for unit in units where value.hasSuffix(unit.suffix) {
            if let number = Double(value.dropLast(unit.suffix.count)), number > 0 { return .milliseconds(Int64(number * unit.seconds * 1000)) }
        }
        if let seconds = Double(value), seconds > 0 { return .milliseconds(Int64(seconds * 1000)) }
        throw problem(Self.line(of: node), key, "\"\(value)\" is not a duration; write 2s, 500ms or 1m")
    }

    // MARK: - Messages

    func path(_ parent: String?, _ key: String) -> String {
        parent.map { "\($0).\(key)" } ?? key
    }

    func problem(_ line: Int?, _ key: String?, _ text: String) -> TestFileError {
        TestFileError(file: file, line: line, key: key, problem: text)
    }

    static func line(of node: Node) -> Int? {
        node.mark.map(\.line)
    }

    static func line(of error: YamlError) -> Int? {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): mark.line
        case .duplicatedKeysInMapping(_, let context): context.mark.line
        default: nil
        }
    }

    /// The parser's problem without the copy of the file Yams appends.
    static func summary(of error: YamlError) -> String {
        switch error {
        case .scanner(let context, let problem, _, _), .parser(let context, let problem, _, _), .composer(let context, let problem, _, _):
            (context.map { "\($0.text) " } ?? "") + problem
        case .duplicatedKeysInMapping(let duplicates, _):
            "\(duplicates.count == 1 ? "the key" : "the keys") \(duplicates.sorted().joined(separator: ", ")) \(duplicates.count == 1 ? "is" : "are") given twice in one mapping"
        default:
            error.description
        }
    }
}
