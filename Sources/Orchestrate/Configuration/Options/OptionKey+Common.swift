/// The options both kinds of instance take: the kind, the timeout, cookies, when to refresh,
/// TLS, storage, extra headers and query parameters, the log level, whether load may run.
extension OptionKey.Group {
    public static let server = OptionKey.Group("server")
    public static let oauth = OptionKey.Group("OAuth 2.0")
    public static let tls = OptionKey.Group("TLS")
    public static let storage = OptionKey.Group("storage")
    public static let terminal = OptionKey.Group("terminal")
}

extension OptionKey {
    public static let kind = OptionKey(
        "kind", group: .server, onlyFor: nil, changesIdentity: true, defaultText: OrchestrationKind.journey.rawValue,
        summary: "journey (PingAM's authentication trees) or davinci (PingOne DaVinci flows)")
    public static let timeout = OptionKey(
        "timeout", group: .server, kind: .seconds, onlyFor: nil, defaultText: "30", summary: "seconds to wait for each response")
    public static let enableCookie = OptionKey(
        "enableCookie", group: .server, kind: .boolean, onlyFor: nil, defaultText: "true",
        summary: "keep AM's cookies in the instance's cookie store between runs")
    public static let oauthThreshold = OptionKey(
        "oauthThreshold", group: .oauth, kind: .seconds, onlyFor: nil, defaultText: "30",
        summary: "refresh the access token this many seconds before it expires")
    public static let sslPinningPublicKeyHashes = OptionKey(
        "sslPinningPublicKeyHashes", group: .tls, kind: .list, onlyFor: nil,
        summary: "base64 SHA-256 pins of a certificate's SubjectPublicKeyInfo")
    public static let caBundle = OptionKey("caBundle", group: .tls, onlyFor: nil, summary: "a PEM file of extra trust roots")
    public static let insecure = OptionKey(
        "insecure", group: .tls, kind: .boolean, onlyFor: nil, defaultText: "false",
        summary: "turn TLS verification off (lab servers only; every line of output is marked)")
    public static let preset = OptionKey(
        "preset", group: .storage, onlyFor: nil, defaultText: StoragePreset.shared.rawValue,
        summary: "how instances share stores: shared (one session and token store for all), step-up (shared session, tokens per instance) or multi-user (session and tokens per instance, one user in each)")
    public static let sessionStore = OptionKey(
        "sessionStore", group: .storage, onlyFor: nil, summary: "the named store for the SSO session (default: the shared \"session\")")
    public static let tokenStore = OptionKey(
        "tokenStore", group: .storage, onlyFor: nil, summary: "the named store for OAuth tokens (default: the shared \"tokens\")")
    public static let cookieStore = OptionKey(
        "cookieStore", group: .storage, onlyFor: nil, summary: "the named store for cookies (default: one per instance)")
    public static let keychainAccessGroup = OptionKey(
        "keychainAccessGroup", group: .storage, onlyFor: nil,
        summary: "a store group: instances naming the same group share session and tokens")
    public static let headers = OptionKey(
        "headers", group: .terminal, kind: .list, onlyFor: nil, summary: "extra request headers, \"Name: value\"")
    public static let queryParameters = OptionKey(
        "queryParameters", group: .terminal, kind: .list, onlyFor: nil, summary: "extra query parameters, \"name=value\"")
    public static let logLevel = OptionKey(
        "logLevel", group: .terminal, onlyFor: nil, defaultText: "info",
        summary: "none, error, warning, info, debug or trace (trace prints every exchange, redacted)")
    public static let loadAllowed = OptionKey(
        "loadAllowed", group: .terminal, kind: .boolean, onlyFor: nil, defaultText: "false",
        summary: "the server is yours: journey load may run against it off loopback, as with --i-own-this-server")

    /// Whether a value may carry a secret (a header can hold an API key): shown redacted.
    public var mayHoldSecret: Bool { self == .headers || self == .queryParameters }
}
