import Crypto
import Foundation

/// The checked options both kinds of instance take: which kind, how long to wait, cookies,
/// when to refresh, TLS, where the session and tokens are kept, what every request carries,
/// how much is logged, whether load may run. Each kind's options hold these and add their own.
public struct CommonOptions: Sendable, Hashable {
    /// Which protocol the instance speaks.
    public var kind: OrchestrationKind
    public var timeoutSeconds: Double
    public var enableCookie: Bool
    public var oauthThresholdSeconds: Double
    public var sslPinningPublicKeyHashes: [String]
    public var caBundle: String?
    public var insecure: Bool
    /// How the instance shares its session and tokens (`sessionStore` / `tokenStore` win over it).
    public var preset: StoragePreset
    public var sessionStore: String?
    public var tokenStore: String?
    public var cookieStore: String?
    public var keychainAccessGroup: String?
    public var headers: [HTTPHeader]
    public var queryParameters: [QueryParameter]
    public var logLevel: LogLevel
    /// The person owns the server: `journey load` may run against it though it is not loopback.
    public var loadAllowed: Bool

    /// How much `journey` says about its exchanges with the server.
    public enum LogLevel: String, CaseIterable, Sendable, Hashable, Codable {
        case none, error, warning, info, debug, trace
    }

    /// Reads the common options (defaults fill what is missing), noting problems in `reader`.
    public init(reading reader: inout OptionReader) {
        kind = reader.orchestrationKind()
        timeoutSeconds = reader.seconds(.timeout, allowsZero: false)
        enableCookie = reader.boolean(.enableCookie)
        oauthThresholdSeconds = reader.seconds(.oauthThreshold, allowsZero: false)
        sslPinningPublicKeyHashes = reader.pins()
        caBundle = reader.text(.caBundle)
        insecure = reader.boolean(.insecure)
        preset = reader.choice(.preset, fallback: .shared)
        sessionStore = reader.storeName(.sessionStore)
        tokenStore = reader.storeName(.tokenStore)
        cookieStore = reader.storeName(.cookieStore)
        // Any group the iOS SDK takes (`TEAMID.com.example.*`, long ones): it only names the stores.
        keychainAccessGroup = reader.text(.keychainAccessGroup)
        reader.distinctStores([(.sessionStore, sessionStore), (.tokenStore, tokenStore), (.cookieStore, cookieStore)], kind: kind)
        headers = reader.headers()
        queryParameters = reader.queryParameters()
        logLevel = reader.choice(.logLevel, fallback: .info)
        loadAllowed = reader.boolean(.loadAllowed)
        if insecure, !sslPinningPublicKeyHashes.isEmpty {
            reader.report(.insecure, value: "true",
                          reason: "it turns verification off, so the pins in sslPinningPublicKeyHashes could not be checked; remove one of them")
        }
    }

    /// The raw value of every common option that differs from unset (defaults included).
    public var values: [OptionKey: OptionValue] {
        var values: [OptionKey: OptionValue] = [
            .kind: .text(kind.rawValue), .timeout: .text(Self.format(timeoutSeconds)), .enableCookie: .text(String(enableCookie)),
            .oauthThreshold: .text(Self.format(oauthThresholdSeconds)), .insecure: .text(String(insecure)),
            .logLevel: .text(logLevel.rawValue), .preset: .text(preset.rawValue), .loadAllowed: .text(String(loadAllowed)),
        ]
        let optional: [(OptionKey, String?)] = [
            (.caBundle, caBundle), (.sessionStore, sessionStore), (.tokenStore, tokenStore), (.cookieStore, cookieStore),
            (.keychainAccessGroup, keychainAccessGroup),
        ]
        for (key, value) in optional { if let value { values[key] = .text(value) } }
        if !sslPinningPublicKeyHashes.isEmpty { values[.sslPinningPublicKeyHashes] = .list(sslPinningPublicKeyHashes) }
        if !headers.isEmpty { values[.headers] = .list(headers.map { "\($0.name): \($0.value)" }) }
        if !queryParameters.isEmpty { values[.queryParameters] = .list(queryParameters.map { "\($0.name)=\($0.value)" }) }
        return values
    }

    /// Whole seconds without a fraction: `30`, `2.5`.
    public static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int64(seconds)) : String(seconds)
    }

    /// The per-request timeout, to the millisecond.
    public var timeout: Duration { .milliseconds(Int64((timeoutSeconds * 1000).rounded())) }

    /// How long before expiry the access token is refreshed, in whole seconds.
    public var refreshThresholdSeconds: Int { Int(oauthThresholdSeconds.rounded()) }

    /// The names of the instance's stores: explicit store options first, then the store group
    /// (`keychainAccessGroup`: instances naming the same group share it), then the preset's
    /// names (the shared defaults unless `preset` says otherwise).
    public func stores(forInstance instance: String) -> InstanceStores {
        let byPreset = preset.storeNames(forInstance: instance, kind: kind)
        let prefix = kind == .davinci ? "davinci-" : ""
        let group = keychainAccessGroup.map(Self.storeName(forGroup:))
        let session = sessionStore ?? group.map { "\(prefix)session-group-\($0)" } ?? byPreset.session
        return InstanceStores(
            session: session,
            tokens: tokenStore ?? group.map { "\(prefix)tokens-group-\($0)" } ?? byPreset.tokens,
            // A DaVinci instance's cookies are its session: PingOne's ST and ST-NO-SS.
            cookies: cookieStore ?? (kind == .davinci ? session : "cookies-\(instance)"))
    }
}

extension CommonOptions {
    /// The part of the store names a keychain access group gives: the group itself when it is a
    /// plain name (as stores were always named), else its letters, digits, '-', '_' and '.'
    /// (others as '-'), at most 40, and 8 hexadecimal digits of its SHA-256, so two groups never
    /// share stores by accident.
    static func storeName(forGroup group: String) -> String {
        if (try? InstanceStores.validate(instanceName: group)) != nil { return group }
        let plain = String(group.map { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) ? $0 : "-" }.prefix(40))
        let digest = SHA256.hash(data: Data(group.utf8)).prefix(4).hexDigits
        return "\(plain)-\(digest)"
    }
}

extension HTTPTransports {
    /// The transport for a set of options: their TLS settings (pins, CA bundle, insecure) decide
    /// it. Settings that cannot be used give a transport that refuses every request with the
    /// reason, so nothing is ever sent with weaker checks than the options ask for.
    public static func make(for options: CommonOptions) -> any HTTPTransport {
        do {
            let policy = try TLSPolicy(pins: options.sslPinningPublicKeyHashes, caBundlePath: options.caBundle, insecure: options.insecure)
            return try make(for: policy)
        } catch {
            return RefusingTransport(problem: error.description)
        }
    }
}

/// An extra query parameter sent with every request to the instance's server.
public struct QueryParameter: Sendable, Hashable, Codable {
    public let name: String
    public let value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
