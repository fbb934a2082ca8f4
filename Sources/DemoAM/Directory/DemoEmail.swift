import Foundation

/// An "email" the demo AM sent instead of mailing it: see ``DemoAM/outbox()`` and `GET /am/demo/outbox`.
public struct DemoEmail: Sendable, Codable {
    public let to: String
    /// When it was "sent".
    public let sentAt: Date
    public let subject: String
    /// The link that resumes the suspended journey: `<baseURL>/XUI/?realm=<realm>&suspendedId=<id>`.
    public let resumeURL: String
}

extension DemoEmail {
    var json: JSONValue {
        .object([("to", .string(to)), ("subject", .string(subject)), ("resumeURL", .string(resumeURL))])
    }
}
