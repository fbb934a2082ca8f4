import JourneyEngine

/// What a tab connects to and which journey it walks: a name, a server and a journey.
public struct ClientProfile: Sendable {
    public var name: String
    public var server: ServerConfiguration
    public var request: JourneyRequest
    /// The OAuth client whose tokens the tab fetches after signing in, if any.
    public var oauth: OAuthConfiguration?
    /// The transport the profile's TLS options call for (pins, CA bundle, insecure); nil uses
    /// the app's default.
    public var transport: (any HTTPTransport)?

    public init(name: String, server: ServerConfiguration, request: JourneyRequest, oauth: OAuthConfiguration? = nil,
                transport: (any HTTPTransport)? = nil) {
        self.name = name
        self.server = server
        self.request = request
        self.oauth = oauth
        self.transport = transport
    }
}
