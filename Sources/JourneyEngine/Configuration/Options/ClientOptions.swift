import Foundation
import Orchestrate

/// Every option of one client instance, checked: what `FRAuth.start(options:)` takes in the
/// SDKs, plus what a terminal needs (extra headers and query parameters, a log level).
///
/// Built from raw values with `init(values:)`, which checks each value and reports every
/// problem at once; `values` gives the raw values back (for `config show`, exports and forms).
public struct ClientOptions: Sendable, Hashable {
    /// Which protocol the instance speaks: a journey instance needs `url`, a DaVinci one
    /// `discoveryEndpoint`, `clientId`, `scopes` and `redirectUri`.
    public var kind: OrchestrationKind
    /// AM's deployment URL; empty for a DaVinci instance.
    public var url: String
    /// The realm, read once when the options are checked.
    public private(set) var realm: Realm
    /// The realm as it was written (`/alpha`, `root/alpha` …): what a profile, `config show`
    /// and the options form give back.
    public private(set) var realmText: String
    public var timeoutSeconds: Double
    public var enableCookie: Bool
    public var cookieName: String
    public var cookieCacheSeconds: Double
    public var authServiceName: String
    public var registrationServiceName: String
    public var oauthClientId: String?
    public var oauthRedirectUri: String?
    public var oauthSignOutRedirectUri: String?
    public var oauthScope: String?
    public var oauthThresholdSeconds: Double
    public var oauthCacheSeconds: Double
    public var sslPinningPublicKeyHashes: [String]
    public var caBundle: String?
    public var insecure: Bool
    /// How the instance shares its session and tokens (`sessionStore` / `tokenStore` win over it).
    public var preset: StoragePreset
    public var sessionStore: String?
    public var tokenStore: String?
    public var cookieStore: String?
    public var keychainAccessGroup: String?
    /// Endpoint overrides by option (`authenticateEndpoint` …).
    public var endpoints: [OptionKey: String]
    public var locale: String?
    public var headers: [HTTPHeader]
    public var queryParameters: [QueryParameter]
    public var logLevel: LogLevel
    /// A DaVinci instance's PingOne environment and application (Ping's `DaVinciConfig`).
    public var discoveryEndpoint: String?
    public var clientId: String?
    public var scopes: [String]
    public var redirectUri: String?
    public var acrValues: [String]

    /// How much `journey` says about its exchanges with AM.
    public enum LogLevel: String, CaseIterable, Sendable, Hashable, Codable {
        case none, error, warning, info, debug, trace
    }

    /// Checks every value (defaults fill what is missing) and reports all problems at once.
    public init(values: [OptionKey: OptionValue]) throws(OptionProblems) {
        var reader = OptionReader(values: values)
        reader.refuseControlCharacters()
        kind = reader.orchestrationKind()
        url = kind == .journey ? reader.url() : ""
        (realmText, realm) = reader.realm()
        timeoutSeconds = reader.seconds(.timeout, allowsZero: false)
        enableCookie = reader.boolean(.enableCookie)
        cookieName = reader.cookieName()
        cookieCacheSeconds = reader.seconds(.cookieCache, allowsZero: true)
        authServiceName = reader.word(.authServiceName) ?? "Login"
        registrationServiceName = reader.word(.registrationServiceName) ?? "Registration"
        oauthClientId = reader.word(.oauthClientId)
        oauthRedirectUri = reader.uri(.oauthRedirectUri)
        oauthSignOutRedirectUri = reader.uri(.oauthSignOutRedirectUri)
        oauthScope = reader.scope()
        oauthThresholdSeconds = reader.seconds(.oauthThreshold, allowsZero: false)
        oauthCacheSeconds = reader.seconds(.oauthCache, allowsZero: true)
        sslPinningPublicKeyHashes = reader.pins()
        caBundle = reader.text(.caBundle)
        insecure = reader.boolean(.insecure)
        preset = reader.preset()
        sessionStore = reader.storeName(.sessionStore)
        tokenStore = reader.storeName(.tokenStore)
        cookieStore = reader.storeName(.cookieStore)
        keychainAccessGroup = reader.storeName(.keychainAccessGroup)
        reader.distinctStores([(.sessionStore, sessionStore), (.tokenStore, tokenStore), (.cookieStore, cookieStore)], kind: kind)
        endpoints = reader.endpoints()
        locale = reader.locale()
        headers = reader.headers()
        queryParameters = reader.queryParameters()
        logLevel = reader.logLevel()
        discoveryEndpoint = reader.text(.discoveryEndpoint)
        clientId = reader.word(.clientId)
        scopes = reader.words(.scopes)
        redirectUri = reader.uri(.redirectUri)
        acrValues = reader.words(.acrValues)
        switch kind {
        case .journey:
            reader.refuseOptions(of: .davinci, in: kind)
        case .davinci:
            reader.refuseOptions(of: .journey, in: kind)
            reader.requireDaVinci(discoveryEndpoint: discoveryEndpoint, clientId: clientId, scopes: scopes, redirectUri: redirectUri)
        }
        if insecure, !sslPinningPublicKeyHashes.isEmpty {
            reader.problems.append(OptionProblem(.insecure, value: "true",
                                                 reason: "it turns verification off, so the pins in sslPinningPublicKeyHashes could not be checked; remove one of them"))
        }
        guard reader.problems.isEmpty else { throw OptionProblems(reader.problems) }
    }

    /// The raw value of every option that differs from unset (defaults included), in catalog order.
    public var values: [OptionKey: OptionValue] {
        var values: [OptionKey: OptionValue] = [
            .kind: .text(kind.rawValue), .realm: .text(realmText), .timeout: .text(Self.format(timeoutSeconds)),
            .enableCookie: .text(String(enableCookie)), .cookieName: .text(cookieName),
            .cookieCache: .text(Self.format(cookieCacheSeconds)), .authServiceName: .text(authServiceName),
            .registrationServiceName: .text(registrationServiceName),
            .oauthThreshold: .text(Self.format(oauthThresholdSeconds)), .oauthCache: .text(Self.format(oauthCacheSeconds)),
            .insecure: .text(String(insecure)), .logLevel: .text(logLevel.rawValue),
            .preset: .text(preset.rawValue),
        ]
        let optional: [(OptionKey, String?)] = [
            (.oauthClientId, oauthClientId), (.oauthRedirectUri, oauthRedirectUri),
            (.oauthSignOutRedirectUri, oauthSignOutRedirectUri), (.oauthScope, oauthScope), (.caBundle, caBundle),
            (.sessionStore, sessionStore), (.tokenStore, tokenStore), (.cookieStore, cookieStore),
            (.keychainAccessGroup, keychainAccessGroup), (.locale, locale),
        ]
        if kind == .journey { values[.url] = .text(url) }
        let davinci: [(OptionKey, String?)] = [(.discoveryEndpoint, discoveryEndpoint), (.clientId, clientId), (.redirectUri, redirectUri)]
        for (key, value) in optional + davinci { if let value { values[key] = .text(value) } }
        if !scopes.isEmpty { values[.scopes] = .list(scopes) }
        if !acrValues.isEmpty { values[.acrValues] = .list(acrValues) }
        for key in values.keys where key.onlyFor.map({ $0 != kind }) ?? false { values[key] = nil }
        for (key, value) in endpoints { values[key] = .text(value) }
        if !sslPinningPublicKeyHashes.isEmpty { values[.sslPinningPublicKeyHashes] = .list(sslPinningPublicKeyHashes) }
        if !headers.isEmpty { values[.headers] = .list(headers.map { "\($0.name): \($0.value)" }) }
        if !queryParameters.isEmpty { values[.queryParameters] = .list(queryParameters.map { "\($0.name)=\($0.value)" }) }
        return values
    }

    /// Whole seconds without a fraction: `30`, `2.5`.
    public static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int64(seconds)) : String(seconds)
    }
}

/// Every problem found in a set of option values.
public struct OptionProblems: Error, Sendable, Hashable, CustomStringConvertible {
    public let problems: [OptionProblem]

    public init(_ problems: [OptionProblem]) {
        self.problems = problems
    }

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// Stored as the raw values by option name, and checked again when read back.
extension ClientOptions: Codable {
    public init(from decoder: any Decoder) throws {
        let raw = try decoder.singleValueContainer().decode([String: OptionValue].self)
        var values: [OptionKey: OptionValue] = [:]
        for (name, value) in raw {
            if let key = OptionKey(rawValue: name) { values[key] = value }
        }
        try self.init(values: values)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Dictionary(uniqueKeysWithValues: values.map { ($0.key.rawValue, $0.value) }))
    }
}
