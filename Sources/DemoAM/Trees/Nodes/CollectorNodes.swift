import Foundation

/// User Name Collector: a `NameCallback`; the name goes to the shared `username`.
struct UsernameCollector: NodeBehaviour {
    func process(_ call: inout NodeCall) async -> NodeResult {
        if let name = call.answers?.string(0), !name.isEmpty {
            call.state.setShared("username", .string(name))
            return .outcome("outcome")
        }
        return .ask([.name(prompt: call.environment.language.userNamePrompt)])
    }
}

/// Password Collector: a `PasswordCallback`; the password is kept secret (`password`).
struct PasswordCollector: NodeBehaviour {
    func process(_ call: inout NodeCall) async -> NodeResult {
        if let password = call.answers?.string(0), !password.isEmpty {
            call.state.setSecret("password", .string(password))
            return .outcome("outcome")
        }
        return .ask([.password(prompt: call.environment.language.passwordPrompt)])
    }
}

/// Platform Username: a `NameCallback`, or with `validateInput` a
/// `ValidatedCreateUsernameCallback` checked against IDM's policies (`validateOnly` never goes
/// on). The name goes to `objectAttributes.<usernameAttribute>` and `username`.
struct ValidatedUsername: NodeBehaviour {
    func process(_ call: inout NodeCall) async -> NodeResult {
        let attribute = call["usernameAttribute"]?.string ?? "userName"
        let validates = call["validateInput"]?.bool ?? false
        func ask(_ value: String, failed: [JSONValue]) -> NodeResult {
            guard validates else { return .ask([.name(prompt: call.environment.language.userNamePrompt)]) }
            let checks = ManagedUserSchema.checks(attribute, value: value)
            return .ask([.validatedCreateUsername(prompt: ManagedUserSchema.field(attribute).prompt,
                                                  policies: Policy.declarations(field: attribute, checks.map(\.policy)), failed: failed, value: value)])
        }
        guard let answers = call.answers else { return ask("", failed: []) }
        let name = answers.string(0)
        if validates {
            let taken = await call.environment.directory.user(named: name) != nil
            let failed = ManagedUserSchema.failures(ManagedUserSchema.checks(attribute, value: name, taken: taken))
            if !failed.isEmpty || answers.bool(0, "validateOnly") { return ask(name, failed: failed) }
        }
        if !name.isEmpty {
            call.state.setObjectAttribute(attribute, .string(name))
            call.state.setShared("username", .string(name))
        }
        return .outcome("outcome")
    }
}

/// Platform Password: a `PasswordCallback`, or with `validateInput` a
/// `ValidatedCreatePasswordCallback` checked against IDM's policies. The password is kept
/// secret, as `objectAttributes.<passwordAttribute>` and `password`.
struct ValidatedPassword: NodeBehaviour {
    func process(_ call: inout NodeCall) async -> NodeResult {
        let attribute = call["passwordAttribute"]?.string ?? "password"
        let validates = call["validateInput"]?.bool ?? false
        let others = ["userName", "givenName", "sn"].map { call.state.objectAttribute($0)?.string ?? "" }
        // Asked again, the password is not sent back: the callback is always empty.
        func ask(failed: [JSONValue]) -> NodeResult {
            guard validates else { return .ask([.password(prompt: call.environment.language.passwordPrompt)]) }
            let checks = ManagedUserSchema.checks("password", value: "", others: others)
            return .ask([.validatedCreatePassword(prompt: "Password", policies: Policy.declarations(field: attribute, checks.map(\.policy)),
                                                  failed: failed, value: "")])
        }
        guard let answers = call.answers else { return ask(failed: []) }
        let password = answers.string(0)
        if validates {
            let failed = ManagedUserSchema.failures(ManagedUserSchema.checks("password", value: password, others: others))
            if !failed.isEmpty || answers.bool(0, "validateOnly") { return ask(failed: failed) }
        }
        call.state.setObjectAttribute(attribute, .string(password), secret: true)
        call.state.setSecret("password", .string(password))
        return .outcome("outcome")
    }
}

/// Attribute Collector: a callback per attribute of `attributesToCollect` (a
/// `BooleanAttributeInputCallback` for a flag, else a `StringAttributeInputCallback`), filled
/// with what the journey or the user has; `required` refuses empty values and `validateInputs`
/// checks IDM's policies. The values go to the shared `objectAttributes`.
struct AttributeCollector: NodeBehaviour {
    func process(_ call: inout NodeCall) async -> NodeResult {
        let names = call["attributesToCollect"]?.array?.compactMap(\.string) ?? []
        let required = call["required"]?.bool ?? false
        let validates = call["validateInputs"]?.bool ?? false
        let user = await call.identifiedUser()
        var values = names.map { name -> JSONValue in
            let field = ManagedUserSchema.field(name)
            let known = call.state.objectAttribute(name) ?? user?.attribute(name)
            return field.isBoolean ? .bool(known?.bool ?? false) : .string(known?.scalarText ?? "")
        }
        var failed = Array(repeating: [JSONValue](), count: names.count)
        if let answers = call.answers {
            values = names.enumerated().map { index, name in
                ManagedUserSchema.field(name).isBoolean ? .bool(answers.bool(index)) : .string(answers.string(index))
            }
            if validates {
                failed = zip(names, values).map { name, value in
                    ManagedUserSchema.failures(ManagedUserSchema.checks(name, value: value.scalarText ?? ""))
                }
            }
            let missing = required && values.contains { $0.string?.isEmpty == true }
            let validateOnly = names.indices.contains { answers.bool($0, "validateOnly") }
            if !missing, !validateOnly, failed.allSatisfy(\.isEmpty) {
                for (name, value) in zip(names, values) { call.state.setObjectAttribute(name, value) }
                return .outcome("outcome")
            }
        }
        return .ask(names.enumerated().map { index, name in
            let field = ManagedUserSchema.field(name)
            let policies = validates && !field.isBoolean ? Policy.declarations(field: name, ManagedUserSchema.checks(name, value: "").map(\.policy)) : .object([])
            return .attribute(name: name, prompt: field.prompt, required: required, policies: policies, failed: failed[index], value: values[index])
        })
    }
}

/// Accept Terms and Conditions: a `TermsAndConditionsCallback` until the terms are accepted;
/// then the shared `termsAccepted` says when and which version.
struct AcceptTerms: NodeBehaviour {
    static let version = "1.0"
    static let terms = "The terms of use of this server. Accounts live in memory and are gone when it stops."

    func process(_ call: inout NodeCall) async -> NodeResult {
        call.state.setShared("termsVersion", .string(Self.version))
        if call.answers?.bool(0) == true {
            let now = ISO8601DateFormatter().string(from: Date())
            call.state.setShared("termsAccepted", .object([("acceptDate", .string(now)), ("termsVersion", .string(Self.version))]))
            return .outcome("outcome")
        }
        return .ask([.termsAndConditions(version: Self.version, terms: Self.terms, createDate: "2024-01-01T00:00:00.000Z", accepted: false)])
    }
}

/// KBA Definition: a `KbaCreateCallback` for each question a user must define (IDM's
/// `minimumAnswersToDefine`, 2 as IDM has it by default); each needs a question and an answer,
/// and no question twice. The pairs are kept secret as `objectAttributes.kbaInfo`.
struct KbaCreate: NodeBehaviour {
    static let minimumAnswersToDefine = 2

    func process(_ call: inout NodeCall) async -> NodeResult {
        let questions = ManagedUserSchema.securityQuestions
        var chosen = Array(repeating: "", count: Self.minimumAnswersToDefine)
        if let answers = call.answers {
            chosen = chosen.indices.map { answers.string($0, "question") }
            let given = chosen.indices.map { answers.string($0, "answer") }
            let distinct = Set(chosen.map { $0.lowercased().filter { $0.isLetter || $0.isNumber } }).count == chosen.count
            if distinct, !chosen.contains(where: { $0.allSatisfy(\.isWhitespace) }), !given.contains(where: { $0.allSatisfy(\.isWhitespace) }) {
                let pairs: [JSONValue] = zip(chosen, given).map { question, answer in
                    let asked: (key: String, value: JSONValue) = questions.firstIndex(of: question).map { ("questionId", .string(String($0 + 1))) }
                        ?? ("customQuestion", .string(question))
                    return .object([asked, ("answer", .string(answer))])
                }
                call.state.setObjectAttribute("kbaInfo", .array(pairs), secret: true)
                return .outcome("outcome")
            }
        }
        // Asked again, the questions chosen are kept and the answers are not sent back.
        let prompt = call.text("message", default: "Select a security question")
        return .ask(chosen.map { .kbaCreate(prompt: prompt, questions: questions, question: $0, answer: "") })
    }
}

/// Choice Collector: a `ChoiceCallback`; the outcome is the choice's own text.
struct ChoiceCollector: NodeBehaviour {
    func process(_ call: inout NodeCall) async -> NodeResult {
        let choices = call["choices"]?.array?.compactMap(\.string) ?? []
        guard !choices.isEmpty else { return .refuse("it has no choices") }
        if let index = call.answers?.int(0), choices.indices.contains(index) { return .outcome(choices[index]) }
        let preset = choices.firstIndex(of: call["defaultChoice"]?.string ?? "") ?? 0
        return .ask([.choice(prompt: call["prompt"]?.string ?? "Choice?", choices: choices, defaultChoice: preset)])
    }
}

/// Message Node: a message and a yes/no confirmation; yes is `true`. `stateField` keeps the
/// answer's index in the shared state.
struct MessageNode: NodeBehaviour {
    func process(_ call: inout NodeCall) async -> NodeResult {
        if let answers = call.answers {
            let chosen = answers.int(1)
            if let field = call["stateField"]?.string, !field.isEmpty { call.state.setShared(field, .int(chosen)) }
            return .outcome(chosen == 0 ? "true" : "false")
        }
        let options = [call.text("messageYes", default: "Yes"), call.text("messageNo", default: "No")]
        return .ask([.textOutput(call.text("message", default: "Default message")), .confirmation(options: options, selected: 1)])
    }
}

/// Zero Page Login Collector: a user name and password from request headers
/// (`X-OpenAM-Username`, `X-OpenAM-Password` unless configured); `true` when either came.
struct ZeroPageLogin: NodeBehaviour {
    func process(_ call: inout NodeCall) async -> NodeResult {
        let headers = call.environment.headers
        let name = headers[(call["usernameHeader"]?.string ?? "X-OpenAM-Username").lowercased()].map(Self.decoded)
        let password = headers[(call["passwordHeader"]?.string ?? "X-OpenAM-Password").lowercased()].map(Self.decoded)
        guard name != nil || password != nil else { return .outcome("false") }
        if call["allowWithoutReferer"]?.bool == false {
            let allowed = call["referrerWhiteList"]?.array?.compactMap(\.string) ?? []
            guard let referer = headers["referer"], allowed.contains(referer) else { return .outcome("false") }
        }
        if let name { call.state.setShared("username", .string(name)) }
        if let password { call.state.setSecret("password", .string(password)) }
        return .outcome("true")
    }

    /// A header value as sent, or decoded from RFC 2047's `=?UTF-8?B?…?=` (base64) or
    /// `=?UTF-8?Q?…?=` (quoted), as AM decodes these headers.
    static func decoded(_ value: String) -> String {
        let parts = value.split(separator: "?", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0] == "=", parts[4] == "=" else { return value }
        switch parts[2].uppercased() {
        case "B":
            return Data(base64Encoded: String(parts[3])).map { String(decoding: $0, as: UTF8.self) } ?? value
        case "Q":
            var bytes: [UInt8] = []
            var rest = Substring(parts[3].replacingOccurrences(of: "_", with: " "))
            while let first = rest.first {
                if first == "=", rest.count >= 3, let byte = UInt8(rest.dropFirst().prefix(2), radix: 16) {
                    bytes.append(byte)
                    rest = rest.dropFirst(3)
                } else {
                    bytes += Array(String(first).utf8)
                    rest = rest.dropFirst()
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        default:
            return value
        }
    }
}
