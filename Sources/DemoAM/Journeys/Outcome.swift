/// What happens after a journey has read an answer.
enum Outcome: Sendable {
    /// Show this page next.
    case page(Page)
    /// The journey succeeded for this user.
    case success(username: String)
    /// The journey failed (AM's "Login failure").
    case failure
    /// Show this page and suspend the run: `mail`, when there is one, gets the link that resumes
    /// it (``TreeRun/resume(_:)``).
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
