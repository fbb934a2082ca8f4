import Logging

/// What the endpoints share: settings, the directory, journeys in progress, sent mail and the `authId` signer.
struct ServerState: Sendable {
    let configuration: DemoAMConfiguration
    let directory: Directory
    let journeys: JourneyStore
    let sentMail: SentMail
    let authIds = AuthIdSigner()
    let logger: Logger

    init(configuration: DemoAMConfiguration, logger: Logger) {
        self.configuration = configuration
        self.directory = Directory(users: DemoAM.builtInUsers)
        self.journeys = JourneyStore(journeyTimeout: configuration.journeyTimeout, suspensionLifetime: configuration.suspendedLinkLifetime)
        self.sentMail = SentMail()
        self.logger = logger
    }
}
