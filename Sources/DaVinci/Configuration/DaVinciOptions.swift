import Foundation
import Orchestrate

/// A DaVinci instance's own options, checked: its PingOne environment, application and flow
/// policies, each read once into the type it is used as. With the common options they make
/// the instance's ``DaVinciConfiguration``.
public struct DaVinciOptions: Sendable, Hashable {
    /// The environment's discovery document, read.
    public var discoveryEndpoint: URL?
    public var clientId: String?
    public var scopes: [String]
    public var redirectUri: String?
    public var acrValues: [String]

    /// A DaVinci instance's own options, in catalog order.
    public static let keys: [OptionKey] = [.discoveryEndpoint, .clientId, .scopes, .redirectUri, .acrValues]

    /// Reads the options, noting problems in `reader`; those a DaVinci instance needs are
    /// required when `kind` is `.davinci`.
    public init(kind: OrchestrationKind, reading reader: inout OptionReader) {
        discoveryEndpoint = reader.discoveryEndpoint()
        clientId = reader.word(.clientId)
        scopes = reader.words(.scopes)
        redirectUri = reader.uri(.redirectUri)
        acrValues = reader.words(.acrValues)
        guard kind == .davinci else { return }
        let missing: [(OptionKey, Bool)] = [(.discoveryEndpoint, discoveryEndpoint == nil), (.clientId, clientId == nil),
                                            (.scopes, scopes.isEmpty), (.redirectUri, redirectUri == nil)]
        for (key, isMissing) in missing where isMissing && reader.values[key] == nil {
            reader.report(key, value: "", reason: "a davinci profile needs it (\(key.summary))")
        }
    }

    /// The raw value of every option that is set.
    public var values: [OptionKey: OptionValue] {
        var values: [OptionKey: OptionValue] = [:]
        let given: [(OptionKey, String?)] = [(.discoveryEndpoint, discoveryEndpoint?.absoluteString), (.clientId, clientId),
                                             (.redirectUri, redirectUri)]
        for (key, value) in given { if let value { values[key] = .text(value) } }
        if !scopes.isEmpty { values[.scopes] = .list(scopes) }
        if !acrValues.isEmpty { values[.acrValues] = .list(acrValues) }
        return values
    }

    /// The options, among those that changed from `old`, that the SDKs treat as a new identity
    /// (the scopes' order does not matter).
    public func identityChanges(from old: DaVinciOptions) -> [OptionKey] {
        Self.keys.filter { $0.changesIdentity && identity($0) != old.identity($0) }
    }

    private func identity(_ key: OptionKey) -> String? {
        key == .scopes ? scopes.sorted().joined(separator: " ") : values[key]?.description
    }

    /// The instance's configuration: these options with the common timeout, refresh threshold,
    /// headers and query parameters every request to the environment carries.
    public func configuration(common: CommonOptions) throws(ConfigurationError) -> DaVinciConfiguration {
        // An absent endpoint (another kind's instance) is read here only to say why it cannot be used.
        let endpoint = if let discoveryEndpoint { discoveryEndpoint } else { try DaVinciConfiguration.discoveryURL(from: "") }
        var configuration = try DaVinciConfiguration(
            discoveryEndpoint: endpoint, clientId: clientId ?? "",
            scopes: scopes, redirectURI: redirectUri ?? "", acrValues: acrValues, timeout: common.timeout,
            refreshThresholdSeconds: common.refreshThresholdSeconds)
        configuration.extraHeaders = common.headers
        configuration.extraQueryParameters = common.queryParameters.map { URLQueryItem(name: $0.name, value: $0.value) }
        return configuration
    }
}

extension DaVinciInstanceRecord.TLSSettings {
    /// The TLS options as a DaVinci instance keeps them.
    public init(_ options: CommonOptions) {
        self.init(pins: options.sslPinningPublicKeyHashes, caBundlePath: options.caBundle, insecure: options.insecure)
    }
}

extension OptionReader {
    /// The discovery document's URL, read by the configuration's own rule.
    mutating func discoveryEndpoint() -> URL? {
        guard let text = text(.discoveryEndpoint) else { return nil }
        do {
            return try DaVinciConfiguration.discoveryURL(from: text)
        } catch {
            report(.discoveryEndpoint, value: text, reason: error.reason)
            return nil
        }
    }
}
