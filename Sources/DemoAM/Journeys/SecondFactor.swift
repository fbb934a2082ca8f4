import Foundation

/// `SecondFactor`: username/password, then a choice of Email or SMS, then a one-time password,
/// which is the TOTP of the user's secret. Three wrong codes end the journey.
struct SecondFactorJourney: CodedJourney {
    static let name = "SecondFactor"
    static let authLevel = 10
    static let amr = ["pwd", "otp"]

    private static let channels = ["Email", "SMS"]
    private static let attempts = 3

    private enum State {
        case credentials
        case choice(DemoUser)
        /// `codeIndex` is the position of the code field in the page shown.
        case oneTimePassword(DemoUser, channel: Int, attemptsLeft: Int, codeIndex: Int)
    }

    private var state = State.credentials

    func firstPage(_ environment: JourneyEnvironment) -> Page {
        UsernamePasswordPage.page(environment)
    }

    mutating func next(_ answers: Answers, _ environment: JourneyEnvironment) async throws(AMError) -> Outcome {
        switch state {
        case .credentials:
            guard let user = await UsernamePasswordPage.user(from: answers, in: environment.directory) else { return .failure }
            state = .choice(user)
            return .page(
                Page(
                    stage: "SecondFactorChoice",
                    callbacks: [.choice(prompt: "Choose a second factor", choices: Self.channels, defaultChoice: 0)]
                )
            )
        case .choice(let user):
            let channel = answers.int(0)
            guard Self.channels.indices.contains(channel) else {
                throw .badRequest("IDToken1 of ChoiceCallback must be the index of a choice: 0 or 1, not \(channel)")
            }
            return oneTimePasswordStep(for: user, channel: channel, attemptsLeft: Self.attempts, error: nil, environment)
        case .oneTimePassword(let user, let channel, let attemptsLeft, let codeIndex):
            if OneTimeCode.accepts(answers.string(codeIndex), secret: user.totpSecret) { return .success(username: user.username) }
            guard attemptsLeft > 1 else { return .failure }
            return oneTimePasswordStep(
                for: user, channel: channel, attemptsLeft: attemptsLeft - 1, error: OneTimeCode.wrongCode(attemptsLeft: attemptsLeft - 1), environment
            )
        }
    }

    /// Shows where the code "was sent", the demo hint, an optional error on top, and the code field.
    private mutating func oneTimePasswordStep(for user: DemoUser, channel: Int, attemptsLeft: Int, error: String?,
                                              _ environment: JourneyEnvironment) -> Outcome {
        let destination = channel == 0 ? "We sent a code to \(Self.masked(user.mail))." : "We sent a code by SMS to the phone number on file."
        var callbacks: [Callback] = error.map { [.textOutput($0, type: .error)] } ?? []
        callbacks += [.textOutput("\(destination) \(OneTimeCode.hint(environment))"), .password(prompt: "One Time Password")]
        state = .oneTimePassword(user, channel: channel, attemptsLeft: attemptsLeft, codeIndex: callbacks.count - 1)
        return .page(Page(stage: "OneTimePassword", callbacks: callbacks))
    }

    /// `demo@example.com` → `d***@example.com`.
    private static func masked(_ mail: String) -> String {
        guard let at = mail.firstIndex(of: "@"), at > mail.startIndex else { return mail }
        return "\(mail[mail.startIndex])***\(mail[at...])"
    }
}
