import Orchestrate

/// Every option of a client instance, named as ForgeRock's SDKs name them (`FROptions`; a
/// DaVinci instance's as Ping's DaVinci SDKs do), with its group, the kind of value it takes,
/// its default and what it does.
///
/// One list serves the profile file, the environment, the flags, `journey config show`, the
/// imports and exports and the UI's configuration form.
public enum OptionKey: String, CaseIterable, Sendable, Hashable, Codable, Comparable {
    // server
    case kind, url, realm, timeout, enableCookie, cookieName, cookieCache
    // journeys
    case authServiceName, registrationServiceName
    // OAuth 2.0
    case oauthClientId, oauthRedirectUri, oauthSignOutRedirectUri, oauthScope, oauthThreshold, oauthCache
    // TLS
    case sslPinningPublicKeyHashes, caBundle, insecure
    // storage
    case preset, sessionStore, tokenStore, cookieStore, keychainAccessGroup
    // custom endpoints
    case authenticateEndpoint, authorizeEndpoint, tokenEndpoint, revokeEndpoint, userinfoEndpoint,
         sessionEndpoint, endSessionEndpoint
    // terminal extras
    case locale, headers, queryParameters, logLevel
    // DaVinci (kind: davinci)
    case discoveryEndpoint, clientId, scopes, redirectUri, acrValues

    /// The groups options are shown in.
    public enum Group: String, CaseIterable, Sendable {
        case server, journeys, oauth = "OAuth 2.0", tls = "TLS", storage, endpoints = "custom endpoints",
             terminal = "terminal", davinci = "DaVinci"
    }

    /// What kind of value an option takes.
    public enum Kind: Sendable, Hashable {
        case text, seconds, boolean, list
    }

    public var group: Group {
        switch self {
        case .kind, .url, .realm, .timeout, .enableCookie, .cookieName, .cookieCache: .server
        case .authServiceName, .registrationServiceName: .journeys
        case .oauthClientId, .oauthRedirectUri, .oauthSignOutRedirectUri, .oauthScope, .oauthThreshold, .oauthCache: .oauth
        case .sslPinningPublicKeyHashes, .caBundle, .insecure: .tls
        case .preset, .sessionStore, .tokenStore, .cookieStore, .keychainAccessGroup: .storage
        case .authenticateEndpoint, .authorizeEndpoint, .tokenEndpoint, .revokeEndpoint, .userinfoEndpoint,
             .sessionEndpoint, .endSessionEndpoint: .endpoints
        case .locale, .headers, .queryParameters, .logLevel: .terminal
        case .discoveryEndpoint, .clientId, .scopes, .redirectUri, .acrValues: .davinci
        }
    }

    public var kind: Kind {
        switch self {
        case .timeout, .cookieCache, .oauthThreshold, .oauthCache: .seconds
        case .enableCookie, .insecure: .boolean
        case .sslPinningPublicKeyHashes, .headers, .queryParameters, .scopes, .acrValues: .list
        default: .text
        }
    }

    /// The AM endpoint a custom-endpoint option moves; nil for the other options.
    public var endpoint: AMEndpoint? {
        switch self {
        case .authenticateEndpoint: .authenticate
        case .authorizeEndpoint: .authorize
        case .tokenEndpoint: .token
        case .revokeEndpoint: .revoke
        case .userinfoEndpoint: .userinfo
        case .sessionEndpoint: .sessions
        case .endSessionEndpoint: .endSession
        default: nil
        }
    }

    /// The kind of instance the option applies to; nil for options both kinds take.
    public var onlyFor: OrchestrationKind? {
        switch self {
        case .url, .realm, .cookieName, .authServiceName, .registrationServiceName, .oauthClientId, .oauthRedirectUri,
             .oauthSignOutRedirectUri, .oauthScope, .cookieCache, .oauthCache, .locale:
            .journey
        case .discoveryEndpoint, .clientId, .scopes, .redirectUri, .acrValues: .davinci
        default: group == .endpoints ? .journey : nil
        }
    }

    /// The options an instance of `kind` takes, in catalog order.
    public static func options(for kind: OrchestrationKind) -> [OptionKey] {
        allCases.filter { $0.onlyFor.map { $0 == kind } ?? true }
    }

    /// The options whose change the SDKs treat as a new identity: the old session is logged
    /// out and the old tokens revoked, at the old server, before the new options apply.
    public var changesIdentity: Bool {
        switch self {
        case .kind, .url, .realm, .cookieName, .oauthClientId, .oauthRedirectUri, .oauthScope,
             .discoveryEndpoint, .clientId, .scopes, .redirectUri: true
        default: false
        }
    }

    /// The default as text; nil when the option is unset by default.
    public var defaultText: String? {
        switch self {
        case .kind: OrchestrationKind.journey.rawValue
        case .realm: "root"
        case .timeout: "30"
        case .enableCookie: "true"
        case .cookieName: ServerConfiguration.defaultCookieName
        case .cookieCache, .oauthCache: "0"
        case .authServiceName: "Login"
        case .registrationServiceName: "Registration"
        case .oauthThreshold: "30"
        case .insecure: "false"
        case .logLevel: "info"
        case .preset: StoragePreset.shared.rawValue
        default: nil
        }
    }

    /// Whether a value may carry a secret (a header can hold an API key): shown redacted.
    public var mayHoldSecret: Bool { self == .headers || self == .queryParameters }

    /// One line for help texts and the configuration form.
    public var summary: String {
        switch self {
        case .kind: "journey (PingAM's authentication trees) or davinci (PingOne DaVinci flows)"
        case .url: "AM's deployment URL, up to its context path (required for journeys)"
        case .realm: "the realm: alpha, /alpha, root/alpha or /parent/child"
        case .timeout: "seconds to wait for each response"
        case .enableCookie: "keep AM's cookies in the instance's cookie store between runs"
        case .cookieName: "name of AM's SSO cookie (AIC tenants use a random one)"
        case .cookieCache: "seconds a stored session is trusted after AM last accepted it before AM is asked again (0: every time)"
        case .authServiceName: "the sign-in journey"
        case .registrationServiceName: "the registration journey"
        case .oauthClientId: "OAuth 2.0 client id (OAuth is on when client id, redirect URI and scope are set)"
        case .oauthRedirectUri: "the OAuth client's registered redirect URI (never opened)"
        case .oauthSignOutRedirectUri: "post-logout redirect URI sent to endSession"
        case .oauthScope: "scopes, space-separated, e.g. \"openid profile\""
        case .oauthThreshold: "refresh the access token this many seconds before it expires"
        case .oauthCache: "seconds a process reuses the tokens it read without reading the token store again (0: every time)"
        case .sslPinningPublicKeyHashes: "base64 SHA-256 pins of a certificate's SubjectPublicKeyInfo"
        case .caBundle: "a PEM file of extra trust roots"
        case .insecure: "turn TLS verification off (lab servers only; every line of output is marked)"
        case .preset: "how instances share stores: shared (one session and token store for all), step-up (shared session, tokens per instance) or multi-user (session and tokens per user)"
        case .sessionStore: "the named store for the SSO session (default: the shared \"session\")"
        case .tokenStore: "the named store for OAuth tokens (default: the shared \"tokens\")"
        case .cookieStore: "the named store for cookies (default: one per instance)"
        case .keychainAccessGroup: "a store group: instances naming the same group share session and tokens"
        case .authenticateEndpoint: "authenticate path under url ({realm} allowed) or a full URL"
        case .authorizeEndpoint: "OAuth authorize path or URL"
        case .tokenEndpoint: "OAuth token path or URL"
        case .revokeEndpoint: "OAuth revoke path or URL"
        case .userinfoEndpoint: "userinfo path or URL"
        case .sessionEndpoint: "sessions path or URL"
        case .endSessionEndpoint: "OIDC end-session path or URL"
        case .locale: "language for AM's prompts, e.g. fr"
        case .headers: "extra request headers, \"Name: value\""
        case .queryParameters: "extra query parameters, \"name=value\""
        case .logLevel: "none, error, warning, info, debug or trace (trace prints every exchange, redacted)"
        case .discoveryEndpoint: "the PingOne environment's OIDC discovery document (required for davinci)"
        case .clientId: "the PingOne application's client id (required for davinci)"
        case .scopes: "scopes the flow's tokens are for, e.g. openid profile (required for davinci)"
        case .redirectUri: "the application's registered redirect URI (required for davinci; never opened)"
        case .acrValues: "the DaVinci flow policies to run (default: the application's)"
        }
    }

    public static func < (lhs: OptionKey, rhs: OptionKey) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The known option closest to a mistyped name, for "did you mean".
    public static func closest(to name: String) -> OptionKey? {
        let lowered = name.lowercased()
        if let exact = allCases.first(where: { $0.rawValue.lowercased() == lowered }) { return exact }
        let scored = allCases.map { ($0, EditDistance.between(lowered, $0.rawValue.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, name.count / 3) else { return nil }
        return best.0
    }
}

/// Levenshtein distance, for "did you mean" suggestions.
enum EditDistance {
    static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for (i, ca) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, cb) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
