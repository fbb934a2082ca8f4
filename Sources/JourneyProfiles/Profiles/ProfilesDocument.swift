import Foundation
import JourneyEngine
import Orchestrate
import Yams

/// The profiles of a profiles file, checked for shape, with the value and line of every key.
///
/// The text is parsed once, here; every profile is resolved from this document (see
/// ``OptionsResolver/resolve(_:in:)``), so reading a file of n profiles takes time linear in n.
public struct ProfilesDocument: Sendable {
    /// One profile: its name, where it starts, and each option it sets with its line.
    public struct Profile: Sendable, Hashable {
        public let name: String
        public let line: Int?
        /// The options as written: a scalar is text, a YAML list a list.
        public let values: [OptionKey: OptionValue]
        public let optionLines: [OptionKey: Int]
        /// What is wrong with the profile's shape (an unknown option, a list where one value
        /// goes), each with the file and line: the profile cannot be used, the others can.
        public var problems: [ProfilesFileError] = []

        public var keys: [OptionKey] { OptionKey.allCases.filter { values[$0] != nil } }
    }

    public let path: String
    /// In the file's order.
    public let profiles: [Profile]
    /// The file's text, as read.
    public let text: String
    /// Each profile's position in `profiles`, by name.
    private let positions: [String: Int]

    init(path: String, profiles: [Profile], text: String) {
        self.path = path
        self.profiles = profiles
        self.text = text
        positions = Dictionary(profiles.enumerated().map { ($1.name, $0) }) { first, _ in first }
    }

    /// Parses the text and checks that it is a map of profile names to maps of known options,
    /// each a single value or (for the list options) a list of values. `path` is for messages.
    /// Text over ``ProfilesFile/sizeLimit`` is refused unparsed.
    public init(path: String, text: String) throws(ProfilesFileError) {
        if text.utf8.count > ProfilesFile.sizeLimit { throw .tooLarge(path: path, size: text.utf8.count) }
        if let line = ComplexKeys.firstLine(in: text) {
            throw ProfilesFileError(path: path, line: line, message: "a key here is a collection or an alias (? or [...]: or {...}: or *name); profile and option names are plain words")
        }
        let root: Node?
        do {
            // Every value is taken as text, so the basic resolver: the default one tags each scalar
            // (int, bool, timestamp…) with regular expressions, half the time of a parse.
            root = try Yams.compose(yaml: text, .basic)
        } catch {
            throw ProfilesFileError(path: path, line: Self.line(of: error), message: "it is not valid YAML: \(Self.summary(of: error))")
        }
        guard let root else {
            self.init(path: path, profiles: [], text: text)
            return
        }
        guard let mapping = root.mapping else {
            throw ProfilesFileError(path: path, line: root.mark?.line, message: "expected a map from profile names to options")
        }
        var profiles: [Profile] = []
        for (nameNode, body) in mapping {
            guard let name = nameNode.string, ProfileName.isValid(name) else {
                throw ProfilesFileError(path: path, line: nameNode.mark?.line,
                                        message: "\"\(TerminalText.line(nameNode.string ?? "?"))\" is not a profile name: \(ProfileName.rule)")
            }
            var values: [OptionKey: OptionValue] = [:]
            var lines: [OptionKey: Int] = [:]
            var problems: [ProfilesFileError] = []
            if body.mapping == nil {
                problems.append(ProfilesFileError(path: path, line: body.mark?.line ?? nameNode.mark?.line,
                                                  message: "the profile \(name) must be a map of options, e.g.\n  \(name):\n    url: https://am.example.com/am"))
            }
            for (keyNode, value) in body.mapping ?? [:] {
                let keyText = keyNode.string ?? "?"
                guard let key = OptionKey(rawValue: keyText) else {
                    let hint = OptionKey.closest(to: keyText).map { " Did you mean \($0.rawValue)?" } ?? ""
                    problems.append(ProfilesFileError(path: path, line: keyNode.mark?.line,
                                                      message: "unknown option \"\(TerminalText.line(keyText))\" in profile \(name).\(hint)"))
                    continue
                }
                do {
                    values[key] = try Self.value(of: value, for: key, profile: name, path: path, line: keyNode.mark?.line)
                } catch {
                    problems.append(error)
                }
                lines[key] = keyNode.mark?.line
            }
            profiles.append(Profile(name: name, line: nameNode.mark?.line, values: values, optionLines: lines, problems: problems))
        }
        self.init(path: path, profiles: profiles, text: text)
    }

    public func profile(named name: String) -> Profile? {
        positions[name].map { profiles[$0] }
    }

    public var names: [String] { profiles.map(\.name) }

    /// The option's value: a scalar's text, or (for the list options) a list of scalars' texts.
    private static func value(of value: Node, for key: OptionKey, profile: String, path: String, line: Int?) throws(ProfilesFileError) -> OptionValue {
        switch value {
        case .scalar(let scalar):
            return .text(scalar.string)
        case .sequence(let items) where key.kind == .list:
            let texts = items.compactMap { $0.scalar?.string }
            guard texts.count == items.count else {
                throw ProfilesFileError(path: path, line: line, message: "\(key.rawValue) in profile \(profile) must be a list of single values")
            }
            return .list(texts)
        case .mapping where key == .headers || key == .queryParameters:
            throw ProfilesFileError(path: path, line: line,
                                    message: "\(key.rawValue) in profile \(profile) is a list: write each as \(key == .headers ? "- \"Name: value\"" : "- name=value")")
        default:
            throw ProfilesFileError(path: path, line: line,
                                    message: "\(key.rawValue) in profile \(profile) takes \(key.kind == .list ? "a value or a list of values" : "a single value")")
        }
    }

    private static func line(of error: any Error) -> Int? {
        if let yamlError = error as? YamlError {
            switch yamlError {
            case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _):
                return mark.line
            default:
                return nil
            }
        }
        return nil
    }

    private static func summary(of error: any Error) -> String {
        if let yamlError = error as? YamlError {
            switch yamlError {
            case .scanner(_, let problem, _, _), .parser(_, let problem, _, _), .composer(_, let problem, _, _):
                return problem
            default:
                break
            }
        }
        return TerminalText.line(String(describing: error))
    }
}

/// Profile names: they key YAML maps and swift-configuration keys (dot-separated), so no dots.
public enum ProfileName {
    public static let rule = "use 1–64 letters, digits, '-' or '_'"

    public static func isValid(_ name: String) -> Bool {
        (1...64).contains(name.count) && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }
}
