import Foundation
import Orchestrate

/// The checked options of a journey instance: the common ones (`common`, also read as
/// `options.timeoutSeconds` …) and a journey's own, what `FRAuth.start(options:)` takes in the
/// SDKs. Each value is read once, into the type it is used as.
///
/// A record keeps them as their raw values by option name (`values`), checked again when read.
@dynamicMemberLookup
public struct JourneyOptions: Sendable, Hashable {
    public var common: CommonOptions
    /// AM's deployment URL as written; empty for an instance of another kind.
    public private(set) var url: String
    /// The deployment URL as read, without a trailing slash; nil when `url` is empty.
    public private(set) var baseURL: URL?
    /// The realm, read once when the options are checked.
    public private(set) var realm: Realm
    /// The realm as it was written (`/alpha`, `root/alpha` …): what a profile, `config show`
    /// and the options form give back.
    public private(set) var realmText: String
    public var cookieName: String
    public var cookieCacheSeconds: Double
    public var authServiceName: String
    public var registrationServiceName: String
    /// Journey definitions (export files or folders) the map draws: paths, as written.
    public var journeyDefinitions: [String]
    public var oauthClientId: String?
    public var oauthRedirectUri: String?
    public var oauthSignOutRedirectUri: String?
    public var oauthScope: String?
    public var oauthCacheSeconds: Double
    /// Endpoint overrides by option (`authenticateEndpoint` …).
    public var endpoints: [OptionKey: String]
    public var locale: String?

    /// A journey instance's options, the common ones among them, in catalog order.
    public static let keys: [OptionKey] = [
        .kind, .url, .realm, .timeout, .enableCookie, .cookieName, .cookieCache, .authServiceName, .registrationServiceName, .journeys,
        .oauthClientId, .oauthRedirectUri, .oauthSignOutRedirectUri, .oauthScope, .oauthThreshold, .oauthCache,
        .sslPinningPublicKeyHashes, .caBundle, .insecure, .preset, .sessionStore, .tokenStore, .cookieStore, .keychainAccessGroup,
    ] + OptionKey.endpointKeys.map(\.key) + [.locale, .headers, .queryParameters, .logLevel, .loadAllowed]

    /// Reads a journey's own options after the common ones, noting problems in `reader`. `url`
    /// is required of a journey instance only; another kind gets the defaults.
    public init(common: CommonOptions, reading reader: inout OptionReader) {
        self.common = common
        (url, baseURL) = common.kind == .journey ? reader.url() : ("", nil)
        (realmText, realm) = reader.realm()
        cookieName = reader.cookieName()
        cookieCacheSeconds = reader.seconds(.cookieCache, allowsZero: true)
        // A journey's name may hold spaces ("Registration Tree2"), as AM and the SDKs take it.
        authServiceName = reader.text(.authServiceName) ?? "Login"
        registrationServiceName = reader.text(.registrationServiceName) ?? "Registration"
        journeyDefinitions = reader.items(.journeys)
        oauthClientId = reader.word(.oauthClientId)
        oauthRedirectUri = reader.uri(.oauthRedirectUri)
        oauthSignOutRedirectUri = reader.uri(.oauthSignOutRedirectUri)
        oauthScope = reader.scope()
        oauthCacheSeconds = reader.seconds(.oauthCache, allowsZero: true)
        endpoints = reader.endpoints()
        locale = reader.locale()
    }

    /// Checks every value (defaults fill what is missing) and reports all problems at once.
    public init(values: [OptionKey: OptionValue]) throws(OptionProblems) {
        var reader = OptionReader(values: values)
        reader.refuseControlCharacters(in: Self.keys)
        self.init(common: CommonOptions(reading: &reader), reading: &reader)
        try reader.checked()
    }

    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<CommonOptions, Value>) -> Value {
        get { common[keyPath: keyPath] }
        set { common[keyPath: keyPath] = newValue }
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<CommonOptions, Value>) -> Value {
        common[keyPath: keyPath]
    }

    /// The raw value of every option that differs from unset (defaults included); a journey's
    /// own only when the instance is a journey instance.
    public var values: [OptionKey: OptionValue] {
        var values = common.values
        guard common.kind == .journey else { return values }
        let given: [(OptionKey, String?)] = [
            (.url, url), (.realm, realmText), (.cookieName, cookieName), (.cookieCache, CommonOptions.format(cookieCacheSeconds)),
            (.authServiceName, authServiceName), (.registrationServiceName, registrationServiceName),
            (.oauthClientId, oauthClientId), (.oauthRedirectUri, oauthRedirectUri), (.oauthSignOutRedirectUri, oauthSignOutRedirectUri),
            (.oauthScope, oauthScope), (.oauthCache, CommonOptions.format(oauthCacheSeconds)), (.locale, locale),
        ]
        for (key, value) in given { if let value { values[key] = .text(value) } }
        if !journeyDefinitions.isEmpty { values[.journeys] = .list(journeyDefinitions) }
        for (key, value) in endpoints { values[key] = .text(value) }
        return values
    }
}

/// Stored as the raw values by option name, and checked again when read back: the format
/// every earlier version wrote.
extension JourneyOptions: Codable {
    public init(from decoder: any Decoder) throws {
        try self.init(values: OptionValue.decodeValues(of: Self.keys, from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try OptionValue.encode(values, to: encoder)
    }
}
