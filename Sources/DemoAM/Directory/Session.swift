import Foundation

/// An SSO session: what a `tokenId` stands for.
struct Session: Sendable {
    let tokenId: String
    let username: String
    let realm: String
    let journey: String
    let authLevel: Int
    let created: Date
}
