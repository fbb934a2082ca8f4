import Foundation
import Orchestrate

/// Text from a test file with `${name}`, `${env:NAME}` and `${totp:SECRET}` in it, filled in
/// when the test runs (a TOTP code is the one current when it is sent).
public struct TestTemplate: Sendable, Hashable, CustomStringConvertible {
    public enum Part: Sendable, Hashable {
        case literal(String)
        /// A test variable (`vars:`, a case's values, or `url`).
        case variable(String)
        /// A variable of the process's environment.
        case environment(String)
        /// The current RFC 6238 code of a base32 secret.
        case totp(String)
    }

    public let parts: [Part]
    /// The text as written.
    public let description: String

    /// Reads the references; an unclosed `${`, an empty name or a secret that is not base32 is refused.
    public init(parsing text: String) throws(TemplateProblem) {
        description = text
        var parts: [Part] = []
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            if !rest[..<start.lowerBound].isEmpty { parts.append(.literal(String(rest[..<start.lowerBound]))) }
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else {
                throw TemplateProblem("\"${\" is not closed with \"}\"")
            }
            let reference = String(rest[start.upperBound..<end]).trimmingCharacters(in: .whitespaces)
            parts.append(try Self.part(reference))
            rest = rest[rest.index(after: end)...]
        }
        if !rest.isEmpty { parts.append(.literal(String(rest))) }
        self.parts = parts
    }

    /// Text taken as it is, with no references.
    public init(literal text: String) {
        description = text
        parts = text.isEmpty ? [] : [.literal(text)]
    }

    private static func part(_ reference: String) throws(TemplateProblem) -> Part {
        if reference.hasPrefix("env:") {
            let name = String(reference.dropFirst(4))
            guard !name.isEmpty else { throw TemplateProblem("${env:} names no variable") }
            return .environment(name)
        }
        if reference.hasPrefix("totp:") {
            let secret = String(reference.dropFirst(5))
            guard TimeBasedCode(secret: secret) != nil else {
                throw TemplateProblem("${totp:…} needs a base32 secret, such as JBSWY3DPEHPK3PXP")
            }
            return .totp(secret)
        }
        guard !reference.isEmpty, !reference.contains(":") else {
            throw TemplateProblem("${\(reference)} is not a variable: use ${name}, ${env:NAME} or ${totp:SECRET}")
        }
        return .variable(reference)
    }

    /// The references `scope` cannot fill, as written (`${user}`, `${env:DEMO_PASSWORD}`),
    /// those of the variables it uses included; a variable that refers to itself is one.
    public func missing(in scope: VariableScope) -> [String] {
        missing(in: scope, using: [])
    }

    private func missing(in scope: VariableScope, using visited: Set<String>) -> [String] {
        parts.flatMap { part -> [String] in
            switch part {
            case .variable(let name):
                guard let value = scope.variables[name], !visited.contains(name) else { return ["${\(name)}"] }
                return value.missing(in: scope, using: visited.union([name]))
            case .environment(let name) where scope.environment[name] == nil:
                return ["${env:\(name)}"]
            default:
                return []
            }
        }
    }

    /// The text with every reference filled in; a reference `scope` cannot fill stays as written
    /// (``missing(in:)`` finds those before a run). Values from the environment and TOTP codes
    /// are noted in `secrets`, to be hidden in traces.
    public func render(in scope: VariableScope, at date: Date = Date(), secrets: SecretValues? = nil) -> String {
        parts.map { part in
            switch part {
            case .literal(let text):
                return text
            case .variable(let name):
                // Checked by missing(in:) first: a variable that refers to itself is not filled in again.
                var inner = scope
                guard let value = inner.variables.removeValue(forKey: name) else { return "${\(name)}" }
                return value.render(in: inner, at: date, secrets: secrets)
            case .environment(let name):
                guard let value = scope.environment[name] else { return "${env:\(name)}" }
                secrets?.note(value)
                return value
            case .totp(let secret):
                let code = TimeBasedCode(secret: secret)?.code(at: date) ?? ""
                secrets?.note(code)
                secrets?.note(secret)
                return code
            }
        }.joined()
    }
}

/// Why a `${…}` reference cannot be read.
public struct TemplateProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// What `${…}` references are filled from: the test's variables (templates themselves, filled
/// in when used) and the process's environment.
public struct VariableScope: Sendable {
    public var variables: [String: TestTemplate]
    public var environment: [String: String]

    public init(variables: [String: TestTemplate] = [:], environment: [String: String]) {
        self.variables = variables
        self.environment = environment
    }
}
