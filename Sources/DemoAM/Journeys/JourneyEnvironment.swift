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
    /// The caller's live session in the realm that this request carried (its cookie or header),
    /// as Get Session Data reads it.
    let session: Session?
}
