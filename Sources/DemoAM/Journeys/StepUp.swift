/// `StepUp`: a one-time code that raises a session's level to 2 and adds `otp` to its methods.
///
/// With a session of the realm it asks only for the code of the session's user; without one it
/// asks for the user name and password first. Three wrong codes end the journey. It runs even when
/// the caller has a session (no `ForceAuth` needed), and its success upgrades that session in place.
struct StepUpJourney: CodedJourney {
    static let name = "StepUp"
    static let authLevel = 2
    static let amr = ["otp"]

    private static let attempts = 3

    private enum State {
        case credentials
        /// `codeIndex` is the position of the code field in the page shown.
        case code(DemoUser, attemptsLeft: Int, codeIndex: Int)
    }

    private var state = State.credentials

    func firstPage(_ environment: JourneyEnvironment) -> Page {
        UsernamePasswordPage.page(environment)
    }

    mutating func beginPage(_ start: JourneyStart, _ environment: JourneyEnvironment) async throws(AMError) -> Page {
        guard let session = start.session, let user = await environment.directory.user(named: session.username) else {
            return firstPage(environment)
        }
        return codePage(for: user, attemptsLeft: Self.attempts, error: nil, environment)
    }

    mutating func next(_ answers: Answers, _ environment: JourneyEnvironment) async throws(AMError) -> Outcome {
        switch state {
        case .credentials:
            guard let user = await UsernamePasswordPage.user(from: answers, in: environment.directory) else { return .failure }
            return .page(codePage(for: user, attemptsLeft: Self.attempts, error: nil, environment))
        case .code(let user, let attemptsLeft, let codeIndex):
            if OneTimeCode.accepts(answers.string(codeIndex), secret: user.totpSecret) { return .success(username: user.username) }
            guard attemptsLeft > 1 else { return .failure }
            return .page(codePage(for: user, attemptsLeft: attemptsLeft - 1, error: OneTimeCode.wrongCode(attemptsLeft: attemptsLeft - 1), environment))
        }
    }

    /// What the step-up is for, the demo hint, an optional error on top, and the code field.
    private mutating func codePage(for user: DemoUser, attemptsLeft: Int, error: String?, _ environment: JourneyEnvironment) -> Page {
        var callbacks: [Callback] = error.map { [.textOutput($0, type: .error)] } ?? []
        callbacks += [
            .textOutput("This needs a stronger sign-in: enter a one-time code for \(user.username). \(OneTimeCode.hint(environment))"),
            .password(prompt: "One Time Password"),
        ]
        state = .code(user, attemptsLeft: attemptsLeft, codeIndex: callbacks.count - 1)
        return Page(stage: "StepUp", callbacks: callbacks)
    }
}
