/// `MagicLink`: a user name, then the journey suspends and "emails" a link; following the link
/// (`suspendedId`) signs the user in.
struct MagicLinkJourney: CodedJourney {
    static let name = "MagicLink"
    static let authLevel = 5
    static let amr = ["email"]

    private static let sentPage = Page(
        callbacks: [.suspendedTextOutput("An email has been sent to the address you entered. Click the link in that email to proceed.")]
    )

    /// Who asked for the link, once it was sent.
    private var suspendedFor: DemoUser?

    func firstPage(_ environment: JourneyEnvironment) -> Page {
        Page(stage: "MagicLinkUsername", callbacks: [.name(prompt: "User Name")])
    }

    /// Answering the "email sent" step again just shows it again: only the link moves on.
    mutating func next(_ answers: Answers, _ environment: JourneyEnvironment) async throws(AMError) -> Outcome {
        if suspendedFor != nil { return .page(Self.sentPage) }
        guard let user = await environment.directory.user(named: answers.string(0)) else { return .failure }
        suspendedFor = user
        return .suspend(Self.sentPage, mail: ResumeMail(to: user.mail, subject: "Your sign-in link"))
    }

    /// The link signs in the user it was sent to.
    mutating func resume(_ environment: JourneyEnvironment) async throws(AMError) -> Outcome {
        suspendedFor.map { .success(username: $0.username) } ?? .failure
    }
}
