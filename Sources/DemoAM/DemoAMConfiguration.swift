import Foundation
import DemoPingOne

/// A journey export file handed to the demo AM: its name, for messages, and its contents.
public struct JourneyExportFile: Sendable {
    public let source: String
    public let contents: Data
    /// Named on its own (it must hold a journey), not found in a folder (passed over when it
    /// holds none, as scripts and settings beside exports do).
    public let named: Bool

    public init(source: String, contents: Data, named: Bool = true) {
        self.source = source
        self.contents = contents
        self.named = named
    }
}

/// Settings for a ``DemoAM`` server.
public struct DemoAMConfiguration: Sendable {
    /// The port used unless another is asked for.
    public static let defaultPort = 8180

    /// The TCP port on 127.0.0.1; 0 picks a free port.
    public var port: Int
    /// How long an `authId` stays valid.
    public var journeyTimeout: Duration
    /// How long after a Push Sender node "sent" a notification the demo approves it by itself.
    public var pushApprovalDelay: Duration
    /// How long a `MagicLink` resume link works.
    public var suspendedLinkLifetime: Duration
    /// How long an OAuth 2.0 access token works (its `exp` and the token response's `expires_in`).
    public var accessTokenLifetime: Duration
    /// How long a refresh token works after it was issued.
    public var refreshTokenLifetime: Duration
    /// Whether a refresh returns a new refresh token and revokes the one used (otherwise the
    /// response has no `refresh_token` and the old one keeps working).
    public var rotatesRefreshTokens: Bool
    /// How long an ID token is valid (its `exp`).
    public var idTokenLifetime: Duration
    /// An HTTPS listener beside the HTTP one; nil (the default) for HTTP only.
    public var https: HTTPS?
    /// The PingOne environment with DaVinci flows served on the same port.
    public var pingOne: DemoPingOneConfiguration
    /// A fault for tests: which ID tokens carry a nonce other than the one `authorize` was sent,
    /// as a replayed ID token would.
    public var wrongNonce: WrongNonce
    /// Journey exports to serve beside the demo's own (an exported journey of the same name is
    /// served instead of the demo's): each file's name (for messages) and contents.
    public var journeyExports: [JourneyExportFile] = []
    /// The users, instead of the built-in demo users (the administrator stays); nil for those.
    public var users: [DemoUser]?
    /// Outcomes chosen beforehand for nodes the server cannot run, by node id or name.
    public var stubs: [String: String] = [:]
    /// The server runs inside `journey demo`, whose demo panel (`d`) shows the users' one-time
    /// codes: the code pages point there; elsewhere they point to the banner.
    public var hasDemoPanel = false

    /// Which authorize requests' ID tokens carry a wrong nonce.
    public enum WrongNonce: Sendable {
        case never
        case always
        /// Only those that asked for `acr_values` (a step-up's).
        case onStepUp
    }

    public init(
        port: Int = DemoAMConfiguration.defaultPort,
        journeyTimeout: Duration = .seconds(300),
        pushApprovalDelay: Duration = .seconds(3),
        suspendedLinkLifetime: Duration = .seconds(300),
        accessTokenLifetime: Duration = .seconds(3600),
        refreshTokenLifetime: Duration = .seconds(7 * 24 * 3600),
        rotatesRefreshTokens: Bool = true,
        idTokenLifetime: Duration = .seconds(3600),
        https: HTTPS? = nil,
        pingOne: DemoPingOneConfiguration = DemoPingOneConfiguration(),
        wrongNonce: WrongNonce = .never
    ) {
        self.port = port
        self.journeyTimeout = journeyTimeout
        self.pushApprovalDelay = pushApprovalDelay
        self.suspendedLinkLifetime = suspendedLinkLifetime
        self.accessTokenLifetime = accessTokenLifetime
        self.refreshTokenLifetime = refreshTokenLifetime
        self.rotatesRefreshTokens = rotatesRefreshTokens
        self.idTokenLifetime = idTokenLifetime
        self.https = https
        self.pingOne = pingOne
        self.wrongNonce = wrongNonce
    }
}
