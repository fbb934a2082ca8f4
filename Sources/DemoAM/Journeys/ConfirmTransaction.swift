/// `ConfirmTransaction`: confirms the transaction a `TransactionConditionAdvice` names, with the
/// user's password or a one-time code (stage `TransactionAuthorization`).
///
/// With a session of the realm the session's user confirms; without one the user name and password
/// come first and that user confirms. A wrong answer fails the journey and leaves the transaction
/// open. It can only be started from a composite advice: by name it has no transaction to confirm.
struct ConfirmTransactionJourney: CodedJourney {
    static let name = "ConfirmTransaction"
    static let authLevel = 0
    static let amr = ["pwd"]

    private enum State {
        case credentials
        case confirmation(DemoUser)
    }

    private var state = State.credentials
    private var transactionId = ""

    func firstPage(_ environment: JourneyEnvironment) -> Page {
        UsernamePasswordPage.page(environment)
    }

    mutating func beginPage(_ start: JourneyStart, _ environment: JourneyEnvironment) async throws(AMError) -> Page {
        guard let transaction = start.transaction else {
            throw .badRequest(
                "ConfirmTransaction needs a transaction: start it with authIndexType=composite_advice and a TransactionConditionAdvice, not by name"
            )
        }
        transactionId = transaction.id
        guard let session = start.session, let user = await environment.directory.user(named: session.username) else {
            return firstPage(environment)
        }
        return confirmationPage(for: user, environment)
    }

    mutating func next(_ answers: Answers, _ environment: JourneyEnvironment) async throws(AMError) -> Outcome {
        switch state {
        case .credentials:
            guard let user = await UsernamePasswordPage.user(from: answers, in: environment.directory) else { return .failure }
            return .page(confirmationPage(for: user, environment))
        case .confirmation(let user):
            let answer = answers.string(1)
            guard answer == user.password || OneTimeCode.accepts(answer, secret: user.totpSecret),
                  await environment.transactions.complete(transactionId, by: user.username) else { return .failure }
            return .success(username: user.username)
        }
    }

    private mutating func confirmationPage(for user: DemoUser, _ environment: JourneyEnvironment) -> Page {
        state = .confirmation(user)
        return Page(
            stage: "TransactionAuthorization",
            callbacks: [
                .textOutput(
                    "Confirm the transfer \(transactionId.prefix(8))… as \(user.username): enter your password or a one-time code. \(OneTimeCode.hint(environment))"
                ),
                .password(prompt: "Password or one-time code"),
            ]
        )
    }
}
