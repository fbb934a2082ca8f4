import Foundation
import Orchestrate

/// What `${…}` references are filled from: the test's variables (templates themselves, filled
/// in when used), which of them are secret, and the process's environment.
public struct VariableScope: Sendable {
    public var variables: [String: TestTemplate]
    public var environment: [String: String]
    /// Variables the test file marks secret (`secrets:`, `{secret: …}`); a name that says it is
    /// a secret is one without a mark (``SecretNames``).
    public var markedSecret: Set<String>

    /// The most text one reference may fill in: 1 MiB of UTF-8.
    public static let sizeLimit = 1 << 20
    /// How deep variables may refer to variables.
    public static let depthLimit = 32
    /// The most one variable may hold in a command's environment: Linux refuses to start a
    /// program with an environment string over 128 KiB.
    public static let commandVariableLimit = 100 << 10

    public init(variables: [String: TestTemplate] = [:], environment: [String: String], markedSecret: Set<String> = []) {
        self.variables = variables
        self.environment = environment
        self.markedSecret = markedSecret
    }

    /// Whether the variable's value is hidden in reports.
    public func isSecret(_ name: String) -> Bool {
        markedSecret.contains(name) || SecretNames.looksSecret(name)
    }

    /// Every variable filled in, for a `{command: …}`'s environment: `TEST_VAR_<name>`, the
    /// name's characters other than ASCII letters, digits and `_` written as `_`. Secret values
    /// are noted in `secrets`.
    public func commandEnvironment(at date: Date = Date(), secrets: SecretValues? = nil) -> [String: String] {
        var expansion = TemplateExpansion(scope: self, date: date, secrets: secrets)
        var filled: [String: String] = [:]
        for name in variables.keys.sorted() {
            filled[Self.commandVariable(for: name)] = expansion.value(of: name)
        }
        return filled
    }

    /// `TEST_VAR_user` for `user`.
    public static func commandVariable(for name: String) -> String {
        "TEST_VAR_" + String(name.unicodeScalars.map { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_") ? Character(scalar) : "_"
        })
    }
}

extension TestTemplate {
    /// The text with every reference filled in; a reference `scope` cannot fill stays as written
    /// (``VariableScope/problem(filling:)`` finds those before a run). Each variable is filled in
    /// once, so the time is that of the text made, which never passes
    /// ``VariableScope/sizeLimit``. Values from the environment, TOTP codes and secret variables
    /// are noted in `secrets`, to be hidden in reports.
    public func render(in scope: VariableScope, at date: Date = Date(), secrets: SecretValues? = nil) -> String {
        var expansion = TemplateExpansion(scope: scope, date: date, secrets: secrets)
        return expansion.render(self)
    }
}

/// One filling-in of templates from a scope: each variable's value is made once and reused.
struct TemplateExpansion {
    let scope: VariableScope
    let date: Date
    let secrets: SecretValues?
    private var filled: [String: String] = [:]
    private var filling: Set<String> = []

    init(scope: VariableScope, date: Date, secrets: SecretValues?) {
        self.scope = scope
        self.date = date
        self.secrets = secrets
    }

    mutating func render(_ template: TestTemplate) -> String {
        var text = ""
        for part in template.parts {
            let piece = fill(part)
            guard text.utf8.count + piece.utf8.count <= VariableScope.sizeLimit else { break }
            text += piece
        }
        return text
    }

    /// A variable's value; nil when it is not set, or when it is being filled in (a loop).
    mutating func value(of name: String) -> String? {
        if let known = filled[name] { return known }
        guard let template = scope.variables[name], filling.insert(name).inserted else { return nil }
        let value = render(template)
        filling.remove(name)
        if scope.isSecret(name) { secrets?.note(value) }
        filled[name] = value
        return value
    }

    private mutating func fill(_ part: TestTemplate.Part) -> String {
        switch part {
        case .literal(let text):
            return text
        case .variable(let name):
            return value(of: name) ?? "${\(name)}"
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
    }
}

/// Which variable names say their values are secrets: a name holding one of the long words
/// anywhere (`password`, `passwd`, `passphrase`, `passcode`, `secret`, `token`, `credential`,
/// `apikey`: `newpassword`, `accessToken`, `clientsecret`), or one of the short ones as a word of
/// its own (`pw`, `pwd`, `pass`, `pin`, `otp`, `totp`, `key`, `code`, `answer`), words split at
/// `_`, `-`, spaces, digits, lower-to-upper case and the end of a capital run (`DBPassword`,
/// `OTPCode`, `api_key`, `PIN2`); any case.
public enum SecretNames {
    public static let longWords = ["password", "passwd", "passphrase", "passcode", "secret", "token", "credential", "apikey"]
    public static let shortWords: Set<String> = ["pw", "pwd", "pass", "pin", "otp", "totp", "key", "code", "answer"]

    public static func looksSecret(_ name: String) -> Bool {
        let letters = name.lowercased().filter(\.isLetter)
        if longWords.contains(where: letters.contains) { return true }
        return words(of: name).contains { shortWords.contains($0.lowercased()) }
    }

    /// `DBPassword2` → `DB`, `Password`.
    static func words(of name: String) -> [String] {
        var words: [String] = []
        var word = ""
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            guard character.isLetter else {
                if !word.isEmpty { words.append(word) }
                word = ""
                continue
            }
            let previous = index > 0 ? characters[index - 1] : nil
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            let startsWord = character.isUppercase
                && (previous?.isLowercase == true || (previous?.isUppercase == true && next?.isLowercase == true))
            if startsWord, !word.isEmpty {
                words.append(word)
                word = ""
            }
            word.append(character)
        }
        if !word.isEmpty { words.append(word) }
        return words
    }
}
