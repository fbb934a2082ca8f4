/// The values of the `Registration` page, the IDM policies each field declares, and the page
/// itself, built from the current values.
struct RegistrationForm: Sendable {
    /// A field's policies, each with whether the current value passes it.
    private typealias Checks = ManagedUserSchema.Checks

    /// How many callbacks after the notices have a `validateOnly` input (username to password).
    static let validatedFieldCount = 6

    private static let terms = """
        Demo AM terms of use, version 1.0.
        This server is for demonstrations and tests only.
        Accounts you create live in memory and disappear when the server stops.
        Do not enter real personal data or real passwords.
        """

    var username = ""
    var givenName = ""
    var familyName = ""
    var mail = ""
    var marketing = false
    var password = ""
    var question = ""
    var answer = ""
    var accepted = false

    init() {}

    /// Reads a submitted page whose form callbacks start at `offset`.
    init(_ answers: Answers, offset: Int) {
        username = answers.string(offset)
        givenName = answers.string(offset + 1)
        familyName = answers.string(offset + 2)
        mail = answers.string(offset + 3)
        marketing = answers.bool(offset + 4)
        password = answers.string(offset + 5)
        question = answers.string(offset + 6, "question")
        answer = answers.string(offset + 6, "answer")
        accepted = answers.bool(offset + 7)
    }

    /// Problems outside the IDM policies, shown as error messages on top of the page.
    var notices: [String] {
        var notices: [String] = []
        if question.allSatisfy(\.isWhitespace) || answer.allSatisfy(\.isWhitespace) {
            notices.append("Choose a security question and give an answer.")
        }
        if !accepted {
            notices.append("You must accept the terms and conditions to sign up.")
        }
        return notices
    }

    func passesPolicies(usernameTaken: Bool) -> Bool {
        [usernameChecks(taken: usernameTaken), givenNameChecks, familyNameChecks, mailChecks, passwordChecks]
            .allSatisfy { $0.allSatisfy(\.passes) }
    }

    /// The page with these values; `failedPolicies` are filled only when `reportFailures` is set.
    func page(usernameTaken: Bool, reportFailures: Bool, notices: [String]) -> Page {
        func declared(_ field: String, _ checks: Checks) -> JSONValue { Policy.declarations(field: field, checks.map(\.policy)) }
        func failed(_ checks: Checks) -> [JSONValue] { reportFailures ? ManagedUserSchema.failures(checks) : [] }
        let usernameChecks = usernameChecks(taken: usernameTaken)
        let form: [Callback] = [
            .validatedCreateUsername(
                prompt: "Username", policies: declared("userName", usernameChecks), failed: failed(usernameChecks), value: username
            ),
            .attribute(
                name: "givenName", prompt: "First Name", required: true, policies: declared("givenName", givenNameChecks),
                failed: failed(givenNameChecks), value: .string(givenName)
            ),
            .attribute(
                name: "sn", prompt: "Last Name", required: true, policies: declared("sn", familyNameChecks),
                failed: failed(familyNameChecks), value: .string(familyName)
            ),
            .attribute(
                name: "mail", prompt: "Email Address", required: true, policies: declared("mail", mailChecks),
                failed: failed(mailChecks), value: .string(mail)
            ),
            .attribute(
                name: "preferences/marketing", prompt: "Send me special offers and services", required: false,
                policies: .object([]), failed: [], value: .bool(marketing)
            ),
            // The password and the security answer are never sent back.
            .validatedCreatePassword(prompt: "Password", policies: declared("password", passwordChecks), failed: failed(passwordChecks), value: ""),
            .kbaCreate(prompt: "Select a security question", questions: ManagedUserSchema.securityQuestions, question: question, answer: ""),
            .termsAndConditions(version: "1.0", terms: Self.terms, createDate: "2024-01-01T00:00:00.000Z", accepted: accepted),
        ]
        return Page(
            stage: "Registration",
            header: "Sign Up",
            description: "Signing up is fast and easy.",
            callbacks: notices.map { .textOutput($0, type: .error) } + form
        )
    }

    // MARK: - Policies

    private func usernameChecks(taken: Bool) -> Checks { ManagedUserSchema.checks("userName", value: username, taken: taken) }

    private var givenNameChecks: Checks { ManagedUserSchema.checks("givenName", value: givenName) }

    private var familyNameChecks: Checks { ManagedUserSchema.checks("sn", value: familyName) }

    private var mailChecks: Checks { ManagedUserSchema.checks("mail", value: mail) }

    private var passwordChecks: Checks { ManagedUserSchema.checks("password", value: password, others: [username, givenName, familyName]) }
}
