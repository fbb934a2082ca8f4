/// Settings for a ``DemoAM`` server.
public struct DemoAMConfiguration: Sendable {
    /// The port used unless another is asked for.
    public static let defaultPort = 8180

    /// The TCP port on 127.0.0.1; 0 picks a free port.
    public var port: Int
    /// How long an `authId` stays valid.
    public var journeyTimeout: Duration
    /// How long `PushApproval` waits before it approves the push by itself.
    public var pushApprovalDelay: Duration
    /// The `waitTime` of `PushApproval`'s `PollingWaitCallback`.
    public var pollWaitTime: Duration
    /// How long a `MagicLink` resume link works.
    public var suspendedLinkLifetime: Duration

    public init(
        port: Int = DemoAMConfiguration.defaultPort,
        journeyTimeout: Duration = .seconds(300),
        pushApprovalDelay: Duration = .seconds(3),
        pollWaitTime: Duration = .seconds(1),
        suspendedLinkLifetime: Duration = .seconds(300)
    ) {
        self.port = port
        self.journeyTimeout = journeyTimeout
        self.pushApprovalDelay = pushApprovalDelay
        self.pollWaitTime = pollWaitTime
        self.suspendedLinkLifetime = suspendedLinkLifetime
    }
}
