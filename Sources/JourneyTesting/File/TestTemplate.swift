import Orchestrate

/// Text from a test file with `${name}`, `${env:NAME}` and `${totp:SECRET}` in it, filled in
/// when the test runs (a TOTP code is the one current when it is sent) by a ``VariableScope``.
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
            let reference = String(rest[start.upperBound..<end]).trimmingSpaces()
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

    /// The test variables the text names, in order.
    var variableNames: [String] {
        parts.compactMap { part in
            if case .variable(let name) = part { name } else { nil }
        }
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
}

/// Why a `${…}` reference cannot be read or filled in.
public struct TemplateProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
