import Foundation
import Orchestrate

/// A named DaVinci client instance and its stores, all of kind `davinci`: its record
/// ("davinci-profile-<instance>": the configuration it last ran with), its session (PingOne's
/// `ST` and `ST-NO-SS` cookies, the only ones the SDKs keep) and its tokens. By default
/// DaVinci instances share "davinci-session" and "davinci-tokens", never a journey's stores: a
/// store holding a journey's record refuses this instance (`StoreError.otherKind`), and the
/// other way round. Records belong to an environment and application.
public struct DaVinciInstance: Sendable {
    /// The cookies PingOne's session lives in, the ones kept between runs.
    public static let sessionCookies: Set<String> = ["ST", "ST-NO-SS"]

    public let name: String
    public let stores: InstanceStores
    let backend: any RecordStore

    public init(name: String, stores: InstanceStores, backend: any RecordStore) throws(StoreError) {
        try InstanceStores.validate(instanceName: name)
        try stores.validate(sessionHoldsCookies: true)
        self.name = name
        self.stores = stores
        self.backend = backend
    }

    private var recordStore: TypedStore<DaVinciInstanceRecord> { TypedStore(name: Self.recordName(of: name), kind: .davinci, role: .profile, backend: backend) }
    private var sessionStore: TypedStore<CookieJar> { TypedStore(name: stores.session, kind: .davinci, role: .session, backend: backend) }
    var tokenStore: TypedStore<StoredFlowTokens> { TypedStore(name: stores.tokens, kind: .davinci, role: .tokens, backend: backend) }
    /// The flow kept while the person signs in at a provider in a browser
    /// ("davinci-browser-<instance>"), as a journey instance keeps its browser step.
    private var browserStore: TypedStore<DaVinciBrowserStep> {
        TypedStore(name: "davinci-browser-\(name)", kind: .davinci, role: .browserStep, backend: backend)
    }

    /// The record's store name; `journey instances` lists every one.
    public static func recordName(of instance: String) -> String { "\(recordPrefix)\(instance)" }
    public static let recordPrefix = "davinci-profile-"

    /// Whose records they are: the environment (its discovery document) and, for tokens, the application.
    public static func owner(_ configuration: DaVinciConfiguration, clientId: String? = nil) -> StoreOwner {
        StoreOwner(serverURL: configuration.discoveryEndpoint.absoluteString, realm: "", clientId: clientId)
    }

    private static let anyEnvironment = StoreOwner(serverURL: "", realm: "", clientId: nil)

    public func record() throws(StoreError) -> DaVinciInstanceRecord? { try recordStore.load(for: Self.anyEnvironment) }
    public func save(_ record: DaVinciInstanceRecord) throws(StoreError) { try recordStore.save(record, for: Self.anyEnvironment) }

    /// PingOne's session cookies kept for the environment.
    public func session(for configuration: DaVinciConfiguration) throws(StoreError) -> CookieJar? {
        try sessionStore.load(for: Self.owner(configuration))
    }

    /// Keeps PingOne's session cookies from `jar` (the others last one run only).
    public func saveSession(_ jar: CookieJar, for configuration: DaVinciConfiguration) throws(StoreError) {
        try sessionStore.save(CookieJar(cookies: jar.cookies.filter { Self.sessionCookies.contains($0.name) }), for: Self.owner(configuration))
    }

    public func tokens(for configuration: DaVinciConfiguration) throws(StoreError) -> StoredFlowTokens? {
        try tokenStore.load(for: Self.owner(configuration, clientId: configuration.oauth.clientId))
    }

    public func save(_ tokens: StoredFlowTokens, for configuration: DaVinciConfiguration) throws(StoreError) {
        try tokenStore.save(tokens, for: Self.owner(configuration, clientId: configuration.oauth.clientId))
    }

    /// Renews the tokens one holder at a time (`TokenCustody`), from the tokens stored when the
    /// lock is held (another process may have just rotated the refresh token): `renew` returns
    /// what to keep (nil: forget them) and its result.
    public func renewingTokens<T: Sendable>(for configuration: DaVinciConfiguration,
                                            _ renew: (StoredFlowTokens?) async throws -> (keep: StoredFlowTokens?, result: T)) async throws -> T {
        try await tokenCustody(for: configuration).changingTokens { current in
            let (keep, result) = try await renew(current)
            return (keep.map(TokenChange.keep) ?? .forget, result)
        }
    }

    /// The tokens of the environment and application, kept and renewed by the one rule (`TokenCustody`).
    public func tokenCustody(for configuration: DaVinciConfiguration) -> FlowTokenCustody {
        FlowTokenCustody(instance: self, configuration: configuration)
    }

    /// Every stored DaVinci instance (its record), with what its stores hold; a store that
    /// cannot be read becomes the summary's `problem`.
    public static func summaries(in backend: any RecordStore) throws(StoreError) -> [DaVinciInstanceSummary] {
        try backend.names().filter { $0.hasPrefix(recordPrefix) }.map { String($0.dropFirst(recordPrefix.count)) }
            .filter { (try? InstanceStores.validate(instanceName: $0)) != nil }.sorted().map { name in
                var summary = DaVinciInstanceSummary(name: name)
                do {
                    guard let record = try DaVinciInstance(name: name, stores: InstanceStores(instance: name), backend: backend).record() else { return summary }
                    summary.record = record
                    let instance = try DaVinciInstance(name: name, stores: record.stores, backend: backend)
                    let configuration = try record.configuration()
                    summary.tokens = try instance.tokens(for: configuration)
                    summary.hasSession = try instance.session(for: configuration)?.cookies.isEmpty == false
                } catch {
                    summary.problem = (error as? StoreError)?.description ?? String(describing: error)
                }
                return summary
            }
    }

    /// The flow kept for a browser in the environment, if any.
    public func browserStep(for configuration: DaVinciConfiguration) throws(StoreError) -> DaVinciBrowserStep? {
        try browserStore.load(for: Self.owner(configuration))
    }

    /// Keeps the flow while the person is in the browser; a newer one replaces it.
    public func keep(_ step: DaVinciBrowserStep, for configuration: DaVinciConfiguration) throws(StoreError) {
        try browserStore.save(step, for: Self.owner(configuration))
    }

    /// Forgets the kept browser step (the flow went on from it, or was started again).
    public func forgetBrowserStep(for configuration: DaVinciConfiguration) throws(StoreError) {
        try browserStore.clear(for: Self.owner(configuration))
    }

    /// Forgets the session and the tokens (after signing off).
    public func forget(for configuration: DaVinciConfiguration) throws(StoreError) {
        try sessionStore.clear(for: Self.owner(configuration))
        try forgetTokens(for: configuration)
    }

    /// Forgets the tokens only (revoked; PingOne's session stays).
    public func forgetTokens(for configuration: DaVinciConfiguration) throws(StoreError) {
        try tokenStore.clear(for: Self.owner(configuration, clientId: configuration.oauth.clientId))
    }
}

/// What a DaVinci instance last ran with: enough to list it and to renew its tokens.
public struct DaVinciInstanceRecord: Sendable, Hashable, Codable {
    public var discoveryEndpoint: String
    public var clientId: String
    public var scopes: [String]
    public var redirectURI: String
    public var acrValues: [String]
    /// The profile its options came from, if any.
    public var profileName: String?
    /// The stores it used.
    public var stores: InstanceStores
    /// How its requests went: the deadline, the TLS checks, the extra headers and query
    /// parameters (`Name: value`, `name=value`), when to refresh.
    public var timeoutSeconds: Double
    public var tls: TLSSettings
    public var headers: [String]
    public var queryParameters: [String]
    public var refreshThresholdSeconds: Int

    /// A profile's TLS options as kept.
    public struct TLSSettings: Sendable, Hashable, Codable {
        public var pins: [String]
        public var caBundlePath: String?
        public var insecure: Bool

        public init(pins: [String] = [], caBundlePath: String? = nil, insecure: Bool = false) {
            self.pins = pins
            self.caBundlePath = caBundlePath
            self.insecure = insecure
        }

        /// The transport these settings call for; one that refuses every request when they
        /// cannot be used (a CA bundle gone), so nothing goes out with weaker checks.
        public func transport() -> any HTTPTransport {
            do {
                return try HTTPTransports.make(for: TLSPolicy(pins: pins, caBundlePath: caBundlePath, insecure: insecure))
            } catch {
                return RefusingTransport(problem: error.description)
            }
        }
    }

    public init(_ configuration: DaVinciConfiguration, profileName: String?, stores: InstanceStores, tls: TLSSettings) {
        discoveryEndpoint = configuration.discoveryEndpoint.absoluteString
        clientId = configuration.oauth.clientId
        scopes = configuration.oauth.scopes
        redirectURI = configuration.oauth.redirectURI
        acrValues = configuration.acrValues
        self.profileName = profileName
        self.stores = stores
        timeoutSeconds = configuration.timeout.inSeconds
        self.tls = tls
        headers = configuration.extraHeaders.map { "\($0.name): \($0.value)" }
        queryParameters = configuration.extraQueryParameters.map { "\($0.name)=\($0.value ?? "")" }
        refreshThresholdSeconds = configuration.oauth.refreshThresholdSeconds
    }

    /// The configuration again.
    public func configuration() throws(ConfigurationError) -> DaVinciConfiguration {
        var configuration = try DaVinciConfiguration(
            discoveryEndpoint: discoveryEndpoint, clientId: clientId, scopes: scopes, redirectURI: redirectURI, acrValues: acrValues,
            timeout: .milliseconds(Int64((timeoutSeconds * 1000).rounded())), refreshThresholdSeconds: refreshThresholdSeconds)
        configuration.extraHeaders = headers.compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return HTTPHeader(String(line[..<colon]), line[line.index(after: colon)...].trimmingSpaces())
        }
        configuration.extraQueryParameters = queryParameters.map { item in
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            return URLQueryItem(name: parts.first ?? "", value: parts.count > 1 ? parts[1] : "")
        }
        return configuration
    }
}

/// A flow's tokens as kept: the tokens, where they came from (to refresh, revoke and sign off)
/// and who signed on.
public struct StoredFlowTokens: Sendable, Hashable, Codable {
    public var tokens: OAuthTokens
    public var endpoints: OAuthEndpoints
    public var userName: String?
    public var created: Date

    public init(tokens: OAuthTokens, endpoints: OAuthEndpoints, userName: String?, created: Date = Date()) {
        self.tokens = tokens
        self.endpoints = endpoints
        self.userName = userName
        self.created = created
    }
}

/// One stored DaVinci instance as `journey instances` shows it.
public struct DaVinciInstanceSummary: Sendable {
    public let name: String
    public var record: DaVinciInstanceRecord?
    public var tokens: StoredFlowTokens?
    /// Whether PingOne's session cookies are kept.
    public var hasSession = false
    public var problem: String?

    public init(name: String) {
        self.name = name
    }
}
