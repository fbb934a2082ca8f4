/// Settings for the demo PingOne environment.
public struct DemoPingOneConfiguration: Sendable {
    /// The environment id, the first segment of every path (`/<envId>/as/…`, `/<envId>/davinci/…`).
    public var environmentId: String
    /// The one OIDC application: its client id and the redirect URIs it accepts.
    public var clientId: String
    public var redirectURIs: [String]
    /// How long a flow's interaction lasts before its answers are refused as timed out.
    public var interactionLifetime: Duration
    public var accessTokenLifetime: Duration
    public var users: [PingOneUser]
    /// A POLLING form's `pollInterval` (polls that come sooner are refused) and `pollRetries`.
    public var pollInterval: Duration
    public var pollRetries: Int

    public init(
        environmentId: String = DemoPingOne.defaultEnvironmentId,
        clientId: String = DemoPingOne.defaultClientId,
        redirectURIs: [String] = [DemoPingOne.defaultRedirectURI],
        interactionLifetime: Duration = .seconds(300),
        accessTokenLifetime: Duration = .seconds(3600),
        users: [PingOneUser] = DemoPingOne.builtInUsers,
        pollInterval: Duration = .seconds(1),
        pollRetries: Int = 10
    ) {
        self.environmentId = environmentId
        self.clientId = clientId
        self.redirectURIs = redirectURIs
        self.interactionLifetime = interactionLifetime
        self.accessTokenLifetime = accessTokenLifetime
        self.users = users
        self.pollInterval = pollInterval
        self.pollRetries = pollRetries
    }
}
