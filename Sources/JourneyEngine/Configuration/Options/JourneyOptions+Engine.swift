import Foundation
import Orchestrate

/// What the engine's parts take, made from checked options.
extension JourneyOptions {
    /// The journey OAuth client's scopes, one word each (`oauthScope` holds them space-separated).
    public var oauthScopes: [String] { oauthScope?.split(separator: " ").map(String.init) ?? [] }

    /// The server configuration: URL, realm, cookie name, timeout, locale, custom endpoints,
    /// extra headers and query parameters.
    public func serverConfiguration() throws(ConfigurationError) -> ServerConfiguration {
        // Read when the options were checked; an absent URL (another kind's instance) is read
        // here only to say why it cannot be used.
        let base = if let baseURL { baseURL } else { try ServerConfiguration.baseURL(from: url) }
        var server = try ServerConfiguration(baseURL: base, realm: realm, cookieName: cookieName, timeout: common.timeout, locale: locale)
        server.endpointOverrides = Dictionary(uniqueKeysWithValues: endpoints.compactMap { key, path in key.endpoint.map { ($0, path) } })
        server.extraHeaders = common.headers
        server.extraQueryParameters = common.queryParameters
        return server
    }

    /// The OAuth client, when client id, redirect URI and scope are all set (the SDKs run
    /// without OAuth otherwise).
    public func oauthConfiguration() throws(ConfigurationError) -> OAuthConfiguration? {
        guard let oauthClientId, let oauthRedirectUri, oauthScope != nil else { return nil }
        var configuration = try OAuthConfiguration(
            clientId: oauthClientId, redirectURI: oauthRedirectUri, scopes: oauthScopes,
            refreshThresholdSeconds: common.refreshThresholdSeconds)
        configuration.signOutRedirectURI = oauthSignOutRedirectUri
        return configuration
    }

    /// Which OAuth options are missing when only some are set; empty when OAuth is fully on or off.
    public var missingOAuthOptions: [OptionKey] {
        let set: [(OptionKey, String?)] = [(.oauthClientId, oauthClientId), (.oauthRedirectUri, oauthRedirectUri), (.oauthScope, oauthScope)]
        let missing = set.filter { $0.1 == nil }.map(\.0)
        return missing.count == set.count ? [] : missing
    }

    /// The names of the instance's stores (see ``CommonOptions/stores(forInstance:)``).
    public func stores(forInstance instance: String) -> InstanceStores {
        common.stores(forInstance: instance)
    }

    /// The options, among those that changed from `old`, that the SDKs treat as a new identity.
    public func identityChanges(from old: JourneyOptions) -> [OptionKey] {
        Self.keys.filter { $0.changesIdentity && identity($0) != old.identity($0) }
    }

    /// An identity option's value as it is meant: `alpha` and `/alpha` are one realm, a URL's
    /// trailing slash and a scope's word order do not matter.
    private func identity(_ key: OptionKey) -> String? {
        switch key {
        case .url: baseURL?.absoluteString.lowercased() ?? url
        case .realm: realm.description
        case .oauthScope: oauthScope.map { _ in oauthScopes.sorted().joined(separator: " ") }
        default: values[key]?.description
        }
    }

    /// Every option whose value differs from `old`.
    public func changes(from old: JourneyOptions) -> [OptionKey] {
        let before = old.values, after = values
        return Self.keys.filter { before[$0] != after[$0] }
    }
}

extension HTTPTransports {
    /// The transport for a journey instance's options (their TLS settings).
    public static func make(for options: JourneyOptions) -> any HTTPTransport {
        make(for: options.common)
    }
}
