import Orchestrate

/// A journey instance's own options (`kind: journey`): AM's server, the journeys, the OAuth
/// client, the custom endpoints and the locale.
extension OptionKey.Group {
    public static let journeys = OptionKey.Group("journeys")
    public static let endpoints = OptionKey.Group("custom endpoints")
}

extension OptionKey {
    public static let url = OptionKey(
        "url", group: .server, onlyFor: .journey, changesIdentity: true,
        summary: "AM's deployment URL, up to its context path (required for journeys)")
    public static let realm = OptionKey(
        "realm", group: .server, onlyFor: .journey, changesIdentity: true, defaultText: "root",
        summary: "the realm: alpha, /alpha, root/alpha or /parent/child")
    public static let cookieName = OptionKey(
        "cookieName", group: .server, onlyFor: .journey, changesIdentity: true, defaultText: ServerConfiguration.defaultCookieName,
        summary: "name of AM's SSO cookie (AIC tenants use a random one)")
    public static let cookieCache = OptionKey(
        "cookieCache", group: .server, kind: .seconds, onlyFor: .journey, defaultText: "0",
        summary: "seconds a stored session is trusted after AM last accepted it before AM is asked again (0: every time)")
    public static let authServiceName = OptionKey(
        "authServiceName", group: .journeys, onlyFor: .journey, defaultText: "Login", summary: "the sign-in journey")
    public static let registrationServiceName = OptionKey(
        "registrationServiceName", group: .journeys, onlyFor: .journey, defaultText: "Registration", summary: "the registration journey")
    public static let journeys = OptionKey(
        "journeys", group: .journeys, kind: .list, onlyFor: .journey,
        summary: "journey definitions to draw (export files or folders): journey map, and the map pane (M)")
    public static let oauthClientId = OptionKey(
        "oauthClientId", group: .oauth, onlyFor: .journey, changesIdentity: true,
        summary: "OAuth 2.0 client id (OAuth is on when client id, redirect URI and scope are set)")
    public static let oauthRedirectUri = OptionKey(
        "oauthRedirectUri", group: .oauth, onlyFor: .journey, changesIdentity: true,
        summary: "the OAuth client's registered redirect URI (never opened)")
    public static let oauthSignOutRedirectUri = OptionKey(
        "oauthSignOutRedirectUri", group: .oauth, onlyFor: .journey, summary: "post-logout redirect URI sent to endSession")
    public static let oauthScope = OptionKey(
        "oauthScope", group: .oauth, onlyFor: .journey, changesIdentity: true, summary: "scopes, space-separated, e.g. \"openid profile\"")
    public static let oauthCache = OptionKey(
        "oauthCache", group: .oauth, kind: .seconds, onlyFor: .journey, defaultText: "0",
        summary: "seconds a process reuses the tokens it read without reading the token store again (0: every time)")
    public static let authenticateEndpoint = customEndpoint("authenticateEndpoint", "authenticate path under url ({realm} allowed) or a full URL")
    public static let authorizeEndpoint = customEndpoint("authorizeEndpoint", "OAuth authorize path or URL")
    public static let tokenEndpoint = customEndpoint("tokenEndpoint", "OAuth token path or URL")
    public static let revokeEndpoint = customEndpoint("revokeEndpoint", "OAuth revoke path or URL")
    public static let userinfoEndpoint = customEndpoint("userinfoEndpoint", "userinfo path or URL")
    public static let sessionEndpoint = customEndpoint("sessionEndpoint", "sessions path or URL")
    public static let endSessionEndpoint = customEndpoint("endSessionEndpoint", "OIDC end-session path or URL")
    public static let locale = OptionKey("locale", group: .terminal, onlyFor: .journey, summary: "language for AM's prompts, e.g. fr")

    /// The custom-endpoint options, by the AM endpoint each moves.
    public static let endpointKeys: [(endpoint: AMEndpoint, key: OptionKey)] = [
        (.authenticate, .authenticateEndpoint), (.authorize, .authorizeEndpoint), (.token, .tokenEndpoint),
        (.revoke, .revokeEndpoint), (.userinfo, .userinfoEndpoint), (.sessions, .sessionEndpoint), (.endSession, .endSessionEndpoint),
    ]

    /// The AM endpoint a custom-endpoint option moves; nil for the other options.
    public var endpoint: AMEndpoint? { Self.endpointKeys.first { $0.key == self }?.endpoint }

    private static func customEndpoint(_ name: String, _ summary: String) -> OptionKey {
        OptionKey(name, group: .endpoints, onlyFor: .journey, summary: summary)
    }
}
