import Foundation

/// An SSO session: what a `tokenId` stands for.
struct Session: Sendable {
    let tokenId: String
    /// A public name for the session, not usable as a credential: the ID token's `sid`.
    let handle: String
    let username: String
    let realm: String
    let journey: String
    let authLevel: Int
    /// The journey's authentication methods (OIDC `amr`).
    let amr: [String]
    let created: Date
}
