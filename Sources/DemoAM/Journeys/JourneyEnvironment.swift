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
    /// The SSO token this request carried for the realm (its cookie or header).
    let sessionToken: String?
    /// The realm the request is for.
    let realm: String

    /// The live session of the realm that this request carried, looked up when asked (as Get
    /// Session Data asks, each time it runs), so a step that needs none pays nothing for it.
    func requestSession() async -> Session? {
        guard let sessionToken else { return nil }
        return await directory.session(tokenId: sessionToken, realm: realm)
    }
}
