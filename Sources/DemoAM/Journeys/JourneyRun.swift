/// What happens after a journey has read an answer.
enum Outcome: Sendable {
    /// Show this page next.
    case page(Page)
    /// The journey succeeded for this user.
    case success(username: String)
    /// The journey failed (AM's "Login failure").
    case failure
    /// Show this page, email `user` a resume link, and succeed for them when the link is used.
    case suspend(Page, user: DemoUser)
}

/// What a journey may use while it runs.
struct JourneyEnvironment: Sendable {
    let directory: Directory
    let configuration: DemoAMConfiguration
    let language: Language
}

/// One run of a journey: its state between steps, and how it answers each step.
///
/// A new value is made for every journey started; the server keeps it between steps and hands
/// ``next(_:_:)`` answers that were already checked against the page it showed last.
protocol JourneyRun: Sendable {
    /// The name clients use in `authIndexValue`.
    static var name: String { get }
    /// The `authLevel` of sessions this journey creates.
    static var authLevel: Int { get }
    /// How sessions from this journey authenticated, as OIDC `amr` values (`pwd`, `otp`, …).
    static var amr: [String] { get }

    init()
    /// The first page.
    func firstPage(_ environment: JourneyEnvironment) -> Page
    /// Reads the answers to the last page shown. Throws a 400 for answers AM would refuse.
    mutating func next(_ answers: Answers, _ environment: JourneyEnvironment) async throws(AMError) -> Outcome
}

/// The journeys the demo AM serves.
enum JourneyCatalog {
    static let all: [any JourneyRun.Type] = [
        LoginJourney.self, SecondFactorJourney.self, RegistrationJourney.self, PushApprovalJourney.self, MagicLinkJourney.self,
    ]

    static func named(_ name: String) -> (any JourneyRun.Type)? {
        all.first { $0.name == name }
    }
}
