import DaVinci
import Foundation
import JourneyEngine
import Orchestrate

/// Every option of one client instance, checked: the common ones, a journey's own and a
/// DaVinci flow's own, each read once into the type it is used as. Read as
/// `options.timeoutSeconds`, `options.url`, `options.clientId` …
///
/// Built from raw values with `init(values:)`, which checks each value and reports every
/// problem at once; `values` gives the raw values back (for `config show`, exports and forms).
@dynamicMemberLookup
public struct ClientOptions: Sendable, Hashable {
    /// The common options and a journey's own (for a DaVinci instance, the defaults, unused):
    /// what a journey instance runs with.
    public private(set) var journey: JourneyOptions
    /// A DaVinci instance's own options; empty for a journey instance.
    public private(set) var davinci: DaVinciOptions

    public typealias LogLevel = CommonOptions.LogLevel

    /// Checks every value (defaults fill what is missing) and reports all problems at once:
    /// an option of the other kind of instance is one.
    public init(values: [OptionKey: OptionValue]) throws(OptionProblems) {
        var reader = OptionReader(values: values)
        reader.refuseControlCharacters(in: OptionKey.allCases)
        let common = CommonOptions(reading: &reader)
        journey = JourneyOptions(common: common, reading: &reader)
        davinci = DaVinciOptions(kind: common.kind, reading: &reader)
        let hint = common.kind == .journey ? " (a journey's OAuth client is oauthClientId, oauthRedirectUri and oauthScope)" : ""
        reader.refuseOptions(of: OptionKey.allCases, in: common.kind, hint: hint)
        try reader.checked()
    }

    /// The options both kinds take.
    public var common: CommonOptions { journey.common }

    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<JourneyOptions, Value>) -> Value {
        get { journey[keyPath: keyPath] }
        set { journey[keyPath: keyPath] = newValue }
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<JourneyOptions, Value>) -> Value {
        journey[keyPath: keyPath]
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<DaVinciOptions, Value>) -> Value {
        davinci[keyPath: keyPath]
    }

    /// The raw value of every option that differs from unset (defaults included) and applies
    /// to the instance's kind.
    public var values: [OptionKey: OptionValue] {
        journey.values.merging(davinci.values) { journey, _ in journey }
    }

    /// The options, among those that changed from `old`, that the SDKs treat as a new identity.
    public func identityChanges(from old: ClientOptions) -> [OptionKey] {
        journey.identityChanges(from: old.journey) + davinci.identityChanges(from: old.davinci)
    }

    /// Every option whose value differs from `old`.
    public func changes(from old: ClientOptions) -> [OptionKey] {
        let before = old.values, after = values
        return OptionKey.allCases.filter { before[$0] != after[$0] }
    }

    /// The names of the instance's stores (see ``CommonOptions/stores(forInstance:)``).
    public func stores(forInstance instance: String) -> InstanceStores {
        common.stores(forInstance: instance)
    }

    /// A journey instance's server configuration.
    public func serverConfiguration() throws(ConfigurationError) -> ServerConfiguration {
        try journey.serverConfiguration()
    }

    /// A journey instance's OAuth client, when one is set.
    public func oauthConfiguration() throws(ConfigurationError) -> OAuthConfiguration? {
        try journey.oauthConfiguration()
    }

    /// A DaVinci instance's configuration (`kind: davinci`).
    public func davinciConfiguration() throws(ConfigurationError) -> DaVinciConfiguration {
        try davinci.configuration(common: common)
    }

    /// The TLS options as a DaVinci instance keeps them.
    public var davinciTLS: DaVinciInstanceRecord.TLSSettings { DaVinciInstanceRecord.TLSSettings(common) }
}

extension HTTPTransports {
    /// The transport for a client's options (their TLS settings).
    public static func make(for options: ClientOptions) -> any HTTPTransport {
        make(for: options.common)
    }
}

/// Kept as the raw values by option name, and checked again when read back.
extension ClientOptions: Codable {
    public init(from decoder: any Decoder) throws {
        try self.init(values: OptionValue.decodeValues(of: OptionKey.allCases, from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try OptionValue.encode(values, to: encoder)
    }
}
