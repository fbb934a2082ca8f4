import Foundation

/// An "email" the demo AM sent instead of mailing it: see ``DemoAM/outbox()`` and `GET /am/demo/outbox`.
public struct DemoEmail: Sendable, Codable {
    public let to: String
    /// When it was "sent".
    public let sentAt: Date
    public let subject: String
    /// The link that resumes the suspended journey: `<baseURL>/XUI/?realm=<realm>&suspendedId=<id>`;
    /// empty in an email that resumes nothing (a one-time password's).
    public let resumeURL: String
    /// The message, when it says more than its link (a one-time password's, with the code).
    public var text = ""

    init(to: String, sentAt: Date, subject: String, resumeURL: String, text: String = "") {
        self.to = to
        self.sentAt = sentAt
        self.subject = subject
        self.resumeURL = resumeURL
        self.text = text
    }
}

extension DemoEmail {
    var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("to", .string(to)), ("subject", .string(subject)), ("resumeURL", .string(resumeURL))]
        if !text.isEmpty { members.append(("text", .string(text))) }
        return .object(members)
    }
}
