import Foundation
import JourneyEngine
import JourneyProfiles
import Orchestrate

/// The test file that walks a recorded journey again (`journey login --save-test`, the UI's `T`):
/// each page's stage, callback types and prompts as expectations, its answers as values, secret
/// answers (`AnswersFile.Answer.secret`) as `${env:NAME}` references named in `variables`, and
/// how the journey ended in `expect`.
public struct RecordedTest: Sendable {
    /// Where the test runs: a profile by name, else the URL and realm.
    public struct Target: Sendable, Hashable {
        public var profile: String?
        public var url: String?
        public var realm: String?

        public init(profile: String? = nil, url: String? = nil, realm: String? = nil) {
            self.profile = profile
            self.url = url
            self.realm = realm
        }

        /// The profile the client ran with, else its URL and realm.
        public init(profileName: String?, options: ClientOptions) {
            self.init(profile: profileName, url: profileName == nil ? options.values[.url]?.description : nil,
                      realm: profileName == nil ? options.values[.realm]?.description : nil)
        }
    }

    /// An environment variable the test reads for an answer it does not hold.
    public struct Variable: Sendable, Equatable {
        public let name: String
        /// The prompt (or input) it answers.
        public let key: String
        /// The step it is first used in, from 1.
        public let step: Int
    }

    /// A journey that cannot be made a test.
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// The test file's text (YAML, as `TestFileReader` reads it).
    public let yaml: String
    /// The variables to set before the test runs, in the order they are used.
    public let variables: [Variable]
    /// The journey stepped up a session signed in before it: the test needs that sign-in first.
    public let needsSignInFirst: Bool

    public init(_ journey: RecordedJourney, target: Target) throws(Problem) {
        guard let ending = journey.ending else {
            throw Problem(description: "the journey has not ended (signed in or failed): there is nothing to record yet")
        }
        if let journeyName = journey.journeyName, journeyName.contains("${") {
            throw Problem(description: "the journey's name holds \"${\", which a test file reads as a variable")
        }
        let name = journey.journeyName ?? "The journey"
        var names = VariableNames()
        var lines = ["# Recorded by JourneyTerm. Run it with journey test FILE (docs/testing.md)."]
        let secretsLine = lines.count
        lines.append("name: \(Self.quoted(name + (ending == .success ? " signs in" : " fails")))")
        if let profile = target.profile { lines.append("profile: \(Self.quoted(profile))") }
        if let url = target.url { lines.append("url: \(Self.quoted(url))") }
        if let realm = target.realm { lines.append("realm: \(Self.quoted(realm))") }
        if let journeyName = journey.journeyName { lines.append("journey: \(Self.quoted(journeyName))") }
        if !journey.pages.isEmpty { lines.append("steps:") }
        for (index, page) in journey.pages.enumerated() {
            lines += Self.step(page, number: index + 1, names: &names)
        }
        lines.append("expect:")
        switch ending {
        case .success:
            lines.append("  outcome: success")
        case .failure(let message):
            lines.append("  outcome: failure")
            if let message, !message.isEmpty { lines.append("  message: \(Self.quoted(message))") }
        }
        if !names.used.isEmpty {
            lines.insert("# Set before running: " + names.used.map(\.name).joined(separator: ", ") + ".", at: secretsLine)
        }
        if journey.presentsSession {
            lines.insert("# This journey stepped up a session signed in before it: walked alone it starts without one. "
                         + "Sign in first (a test before it, or journey login) with the instance it runs with.", at: secretsLine)
        }
        yaml = lines.joined(separator: "\n") + "\n"
        variables = names.used
        needsSignInFirst = journey.presentsSession
    }

    /// Writes the file 0600, atomically (`privateFolder`: as `PrivateFile` takes it).
    public func write(to file: URL, privateFolder: Bool) throws(StoreError) {
        try PrivateFile.write(Data(yaml.utf8), to: file, privateFolder: privateFolder)
    }

    /// What the test needs before it runs: the variables to set (`set TEST_PASSWORD (Password,
    /// step 1)`) and the sign-in a step-up depends on; nil when nothing.
    public var notice: String? {
        var needs: [String] = []
        if !variables.isEmpty {
            needs.append("set " + variables.map { "\($0.name) (\(TerminalText.line($0.key)), step \($0.step))" }.joined(separator: ", ")
                + " before it runs")
        }
        if needsSignInFirst { needs.append("it steps up a session signed in before it: sign in first with the instance it runs with") }
        return needs.isEmpty ? nil : needs.joined(separator: "; ")
    }

    private static func step(_ page: RecordedJourney.Page, number: Int, names: inout VariableNames) -> [String] {
        let shown = page.shown
        let stage = shown.stage ?? shown.header
        var lines = ["  - " + (stage.map { "stage: \(quoted($0))" } ?? "callbacks: \(list(shown.callbacks.map { TerminalText.line($0.type) }))")]
        if stage != nil { lines.append("    callbacks: \(list(shown.callbacks.map { TerminalText.line($0.type) }))") }
        let prompts = PageCheck.prompts(of: shown)
        if !prompts.isEmpty { lines.append("    prompts: \(list(prompts))") }
        var answers: [(key: String, value: String)] = []
        for callback in page.answered?.callbacks ?? [] {
            for answer in AnswersFile.answers(of: callback) {
                // Two callbacks with one prompt: the second is answered by its input's name.
                let key = answers.contains { $0.key == answer.key } ? callback.inputs.first?.name ?? answer.key : answer.key
                switch answer {
                case .value(_, let text) where !text.contains("${"):
                    answers.append((key, quoted(text)))
                case .value(_, let text):
                    // A test file has no way to write "${" as it is: the environment gives it.
                    answers.append((key, quoted("${env:\(names.name(for: key, value: text, step: number))}")))
                case .secret:
                    let value = callback.inputs.filter { StepSecrets.isSecret($0, of: callback) }.map { "\($0.value)" }.joined()
                    answers.append((key, quoted("${env:\(names.name(for: key, value: value, step: number))}")))
                }
            }
        }
        if !answers.isEmpty {
            lines.append("    answers:")
            lines += answers.map { "      \(quoted($0.key)): \($0.value)" }
        }
        return lines
    }

    private static func list(_ items: [String]) -> String {
        "[" + items.map(quoted).joined(separator: ", ") + "]"
    }

    /// A YAML double-quoted scalar that reads back as `text`, whatever it holds: every
    /// character YAML does not print as it is (C0 and C1 controls, DEL, U+FFFE and U+FFFF, the
    /// byte order mark), every line break YAML knows (LF, CR, NEL, U+2028, U+2029) and what a
    /// terminal would act on are escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if isPrintedAsItIs(scalar) {
                    out.unicodeScalars.append(scalar)
                } else {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += scalar.value <= 0xFFFF ? "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                                                  : "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
                }
            }
        }
        return out + "\""
    }

    /// YAML 1.2's printable characters (§5.1), less the line breaks U+0085, U+2028 and U+2029,
    /// the byte order mark and what `TerminalText` neutralises.
    private static func isPrintedAsItIs(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E: true
        case 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF:
            ![0x2028, 0x2029, 0xFEFF].contains(scalar.value) && !TerminalText.isUnsafe(scalar)
        default: false
        }
    }
}

/// Names environment variables after the prompts they answer (`Password` → `TEST_PASSWORD`):
/// the same prompt with the same value shares one, another value gets `_2`, `_3` …. Never
/// `JOURNEY_…`, which names options.
struct VariableNames {
    private(set) var used: [RecordedTest.Variable] = []
    private var values: [String: String] = [:]

    mutating func name(for key: String, value: String, step: Int) -> String {
        let words = key.uppercased().unicodeScalars.map { ("A"..."Z").contains($0) || ("0"..."9").contains($0) ? Character($0) : "_" }
        let word = String(String(words).split(separator: "_").joined(separator: "_").prefix(40))
        let stem = "TEST_" + (word.isEmpty ? "ANSWER" : word)
        var name = stem
        var suffix = 1
        while let kept = values[name], kept != value {
            suffix += 1
            name = "\(stem)_\(suffix)"
        }
        if values[name] == nil {
            values[name] = value
            used.append(RecordedTest.Variable(name: name, key: key, step: step))
        }
        return name
    }
}
