/// What happens after a journey has read an answer.
enum Outcome: Sendable {
    /// Show this page next.
    case page(Page)
    /// The journey succeeded for this user.
    case success(username: String)
    /// The journey failed (AM's "Login failure").
    case failure
    /// Show this page and suspend the run: `mail`, when there is one, gets the link that resumes
    /// it (``JourneyRun/resume(_:)``).
    case suspend(Page, mail: ResumeMail?)
    /// The journey ended because a node refused to go on; AM answers 401 with the reason.
    case refused(String)
}

/// The email a suspended journey sends with its resume link.
struct ResumeMail: Sendable {
    let to: String
    let subject: String
}

/// How a journey is known: the name clients use in `authIndexValue`, and the `authLevel` and
/// OIDC `amr` of the sessions it makes.
struct JourneyIdentity: Sendable, Equatable {
    let name: String
    let authLevel: Int
    let amr: [String]
}

/// What a journey may use while it runs.
struct JourneyEnvironment: Sendable {
    let directory: Directory
    let transactions: TransactionStore
    let configuration: DemoAMConfiguration
    let language: Language
    /// `http://127.0.0.1:<port>/am` as the request reached the server.
    let baseURL: String
    /// The query of the request answering the step: what a browser brought back from an
    /// identity provider (`code`, `state`, `error`).
    let returnedQuery: [String: String]
    let identityProvider: DemoIdentityProvider
    /// The request's headers, by lower-cased name (the last one of a name kept).
    let headers: [String: String]
    /// Where exported journeys note the nodes they reach and the outcomes they take.
    let coverage: TreeCoverage
    /// Where emails go (the outbox).
    let outbox: SentMail
}

/// What a journey starts with besides its environment.
struct JourneyStart: Sendable {
    /// The caller's live session in the realm, when the first request carried one.
    let session: Session?
    /// The transaction a `TransactionConditionAdvice` asks to confirm.
    let transaction: TransactionStore.Transaction?
}

/// One run of a journey: its state between steps, and how it answers each step.
///
/// A new value is made for every journey started; the server keeps it between steps and hands
/// ``next(_:_:)`` answers that were already checked against the page it showed last.
protocol JourneyRun: Sendable {
    /// The journey this run walks.
    var identity: JourneyIdentity { get }

    /// Starts the run and returns its first outcome (a page, or an end when no node asks
    /// anything); throws a 400 when the journey cannot start so.
    mutating func begin(_ start: JourneyStart, _ environment: JourneyEnvironment) async throws(AMError) -> Outcome
    /// Reads the answers to the last page shown. Throws a 400 for answers AM would refuse.
    mutating func next(_ answers: Answers, _ environment: JourneyEnvironment) async throws(AMError) -> Outcome
    /// Goes on after the run's resume link was followed (`suspendedId`).
    mutating func resume(_ environment: JourneyEnvironment) async throws(AMError) -> Outcome
    /// Whether the journey ends without a session whatever the request asks (a tree's `noSession`).
    var endsWithoutSession: Bool { get }
    /// Where the success answer sends the client (a Success URL node's); nil for AM's default.
    var successURL: String? { get }
}
