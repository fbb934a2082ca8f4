/// IDM's managed user as the demo AM declares it: each attribute's prompt, kind, and the
/// policies a value is checked against (what `policies` and `failedPolicies` of validated
/// callbacks say). The built-in Registration journey and exported journeys' nodes share it.
enum ManagedUserSchema {
    /// A policy and whether the value passes it.
    typealias Checks = [(policy: Policy, passes: Bool)]

    /// The `failedPolicies` entries of the checks a value does not pass.
    static func failures(_ checks: Checks) -> [JSONValue] {
        checks.filter { !$0.passes }.map(\.policy.failure)
    }

    /// How an attribute is asked for.
    struct Field: Sendable {
        let prompt: String
        let isBoolean: Bool
        /// IDM's schema requires it of every user.
        let required: Bool
    }

    /// The security questions users choose from (IDM's KBA configuration).
    static let securityQuestions = ["What's your favorite color?", "Who was your first employer?"]

    /// The attributes every user must have (IDM's `required`).
    static let requiredAttributes = ["userName", "givenName", "sn", "mail"]

    static func field(_ name: String) -> Field {
        switch name {
        case "userName": Field(prompt: "Username", isBoolean: false, required: true)
        case "givenName": Field(prompt: "First Name", isBoolean: false, required: true)
        case "sn": Field(prompt: "Last Name", isBoolean: false, required: true)
        case "mail": Field(prompt: "Email Address", isBoolean: false, required: true)
        case "password": Field(prompt: "Password", isBoolean: false, required: false)
        case "telephoneNumber": Field(prompt: "Telephone Number", isBoolean: false, required: false)
        case "preferences/marketing": Field(prompt: "Send me special offers and services", isBoolean: true, required: false)
        case "preferences/updates": Field(prompt: "Send me news and updates", isBoolean: true, required: false)
        default: Field(prompt: name, isBoolean: false, required: false)
        }
    }

    /// The checks of `value` for attribute `name`. `taken`: another user has this user name;
    /// `others`: the values a password may not contain (user name, first and last name).
    static func checks(_ name: String, value: String, taken: Bool = false, others: [String] = []) -> Checks {
        switch name {
        case "userName":
            [
                (.required, !value.isEmpty),
                (.minLength(3), value.isEmpty || value.count >= 3),
                (.validType, true),
                (.unique, !taken),
                (.validUsername, !value.contains { $0.isWhitespace || $0.isNewline }),
                (.cannotContainCharacters(["/"]), !value.contains("/")),
                (.maxLength(255), value.count <= 255),
            ]
        case "givenName", "sn":
            [(.required, !value.isEmpty), (.validType, true)]
        case "mail":
            [(.required, !value.isEmpty), (.validType, true), (.validEmailAddress, value.isEmpty || isMailAddress(value))]
        case "password":
            passwordChecks(value, others: others)
        default:
            [(.validType, true)]
        }
    }

    private static func passwordChecks(_ password: String, others: [String]) -> Checks {
        let lowered = password.lowercased()
        let others = others.filter { !$0.isEmpty }.map { $0.lowercased() }
        return [
            (.required, !password.isEmpty),
            (.minLength(8), password.isEmpty || password.count >= 8),
            (.validType, true),
            (.atLeastCapitalLetters(1), password.isEmpty || password.contains(where: \.isUppercase)),
            (.atLeastNumbers(1), password.isEmpty || password.contains(where: \.isNumber)),
            (.cannotContainOthers(["userName", "givenName", "sn"]), !others.contains { lowered.contains($0) }),
        ]
    }

    private static func isMailAddress(_ mail: String) -> Bool {
        let parts = mail.split(separator: "@", omittingEmptySubsequences: false)
        let domain = parts.count == 2 ? parts[1].split(separator: ".", omittingEmptySubsequences: false) : []
        return parts.count == 2 && !parts[0].isEmpty && !mail.contains(where: \.isWhitespace) && domain.count > 1 && !domain.contains(where: \.isEmpty)
    }
}
