import Foundation
import Orchestrate

/// Answers given ahead of time (`--answer PROMPT=VALUE`, `--answers FILE`), looked up for each
/// callback by input name (`IDToken1`, `IDToken8answer`), prompt text, attribute name or wire
/// type, all case-insensitive. A security question's answer may also be keyed by the question.
public struct AnswerBook: Sendable, Hashable {
    public private(set) var entries: [Entry] = []

    public struct Entry: Sendable, Hashable {
        public let key: String
        public let value: String
        /// The key as lookups compare it, worked out once.
        let lookupKey: String

        init(key: String, value: String) {
            self.key = key
            self.value = value
            lookupKey = AnswerBook.normalise(key)
        }
    }

    public init() {}

    /// Adds one `KEY=VALUE` assignment (split at the first `=`; the value is kept as typed).
    public mutating func add(_ assignment: String) throws(AnswerBookError) {
        guard let equals = assignment.firstIndex(of: "=") else { throw .missingEquals(assignment) }
        let key = assignment[..<equals].trimmingSpaces()
        guard !key.isEmpty else { throw .emptyKey(assignment) }
        entries.append(Entry(key: key, value: String(assignment[assignment.index(after: equals)...])))
    }

    /// Reads `KEY=VALUE` lines; blank lines and lines starting with `#` are skipped.
    public mutating func add(fileContents: String, source: String) throws(AnswerBookError) {
        // Splitting on any line break also handles "\r\n", which Swift treats as one character.
        for (number, rawLine) in fileContents.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = String(rawLine)
            let trimmed = line.trimmingSpaces()
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            do throws(AnswerBookError) {
                try add(line)
            } catch {
                throw .badLine(source: source, line: number + 1, problem: error.description)
            }
        }
    }

    /// The answer for an input of a callback: the role's input name first, then the
    /// callback's other names. For a KBA answer, the chosen question also works as a key.
    public func value(for callback: Callback, role: String = "", question: String? = nil) -> String? {
        var keys = callback.inputs.filter { $0.suffix == role }.map(\.name)
        if role.isEmpty {
            keys += [callback.label]
            switch callback.kind {
            case .stringAttribute(let attribute), .numberAttribute(let attribute), .booleanAttribute(let attribute):
                keys.append(attribute.name)
            case .termsAndConditions:
                keys += ["terms", "accept terms"]
            case .consentMapping(let consent):
                keys.append(consent.name)
            case .idP, .reCaptchaEnterprise:
                // Their answer goes into the token input (`IDToken1token`).
                keys += callback.inputs.filter { $0.suffix == "token" }.map(\.name)
            default:
                break
            }
            keys.append(callback.type)
        } else if let question {
            keys.append(question)
        }
        return value(forKeys: keys)
    }

    /// The answer under the first of `keys` that has one (a field's key, then its label …).
    public func value(forKeys keys: [String]) -> String? {
        for key in keys.lazy.map(Self.normalise) where !key.isEmpty {
            if let entry = entries.last(where: { $0.lookupKey == key }) { return entry.value }
        }
        return nil
    }

    /// Case-insensitive, surrounding spaces and a trailing colon ignored ("Password:" = "password").
    static func normalise(_ key: String) -> String {
        var text = key.trimmingSpaces().lowercased()
        if text.hasSuffix(":") { text.removeLast() }
        return text.trimmingSpaces()
    }
}

/// A malformed answer assignment.
public enum AnswerBookError: Error, Sendable, Hashable, CustomStringConvertible {
    case missingEquals(String)
    case emptyKey(String)
    case badLine(source: String, line: Int, problem: String)

    public var description: String {
        switch self {
        case .missingEquals: "an answer must look like PROMPT=VALUE (an '=' is missing)"
        case .emptyKey: "an answer must name its prompt before the '=' (PROMPT=VALUE)"
        case .badLine(let source, let line, let problem): "\(source), line \(line): \(problem)"
        }
    }
}
