import Foundation

/// What `journey demo` tells the demo panel about its two servers, as plain data: the app knows
/// neither the demo AM nor the demo PingOne.
public struct DemoAccounts: Sendable, Equatable {
    /// A demo user: the password to type, and the TOTP secret whose codes the panel shows.
    public struct Account: Sendable, Equatable {
        public let username: String
        public let password: String
        public let totpSecret: String?

        public init(username: String, password: String, totpSecret: String? = nil) {
            self.username = username
            self.password = password
            self.totpSecret = totpSecret
        }
    }

    /// The demo AM's users (the journeys').
    public let journeyUsers: [Account]
    /// The demo PingOne's users (the DaVinci flows').
    public let flowUsers: [Account]
    /// The demo AM's administrator, whose session reads the journeys' definitions (`journey map`).
    public let administrator: Account?

    public init(journeyUsers: [Account], flowUsers: [Account], administrator: Account? = nil) {
        self.journeyUsers = journeyUsers
        self.flowUsers = flowUsers
        self.administrator = administrator
    }
}

/// An email the demo AM "sent": MagicLink's, whose link resumes the suspended journey, or one
/// that holds only a text (SecondFactor's one-time password; `link` empty).
public struct DemoMail: Sendable, Equatable {
    public let to: String
    public let sentAt: Date
    public let link: String
    public let text: String

    public init(to: String, sentAt: Date, link: String, text: String = "") {
        self.to = to
        self.sentAt = sentAt
        self.link = link
        self.text = text
    }
}

/// Reads the demo AM's outbox (the runtime calls it and answers with `.outboxRead`).
public typealias DemoOutboxReader = @Sendable () async -> [DemoMail]

/// The demo panel (`d`): the accounts, and the outbox with one link picked.
public struct DemoPanel: Sendable, Equatable {
    /// The outbox as last read, oldest first; nil until the first read answers.
    public var outbox: [DemoMail]?
    /// The picked link's index in `outbox`.
    public var picked = 0
    /// Why the picked link could not be opened.
    public var problem: String?

    public init(outbox: [DemoMail]? = nil) {
        self.outbox = outbox
    }
}
