import Orchestrate

/// The text of a `{command: SHELL}` value, run by `/bin/sh -c` as written. It holds no `${…}`:
/// nothing a variable, a case or a CSV row holds becomes shell text. The command reads the
/// test's variables from its environment instead (`"$TEST_VAR_user"`,
/// ``VariableScope/commandVariable(for:)``).
public struct ShellCommandText: Sendable, Hashable, CustomStringConvertible {
    public let description: String

    /// Refuses text with `${` in it, saying how to write it.
    public init(_ text: String) throws(TemplateProblem) {
        guard let start = text.range(of: "${") else {
            description = text
            return
        }
        let reference = text[start.upperBound...].prefix { $0 != "}" }
        let name = reference.trimmingSpaces()
        let instead: String
        if name.hasPrefix("env:") {
            instead = "the command has the environment: write \"$\(name.dropFirst(4))\""
        } else if name.hasPrefix("totp:") || name.isEmpty || name.contains(":") {
            instead = "give the value in vars: and write \"$\(VariableScope.commandVariable(for: "name"))\""
        } else {
            instead = "the command gets the variable in its environment: write \"$\(VariableScope.commandVariable(for: name))\""
        }
        throw TemplateProblem("a command's text takes no ${…}, so no value becomes shell code; \(instead)")
    }
}
