import Foundation
import Orchestrate

/// What the engine's parts take, made from checked options.
extension ClientOptions {
    /// The per-request timeout, to the millisecond.
    public var timeout: Duration { .milliseconds(Int64((timeoutSeconds * 1000).rounded())) }

    /// How long before expiry the access token is refreshed, in whole seconds.
    public var refreshThresholdSeconds: Int { Int(oauthThresholdSeconds.rounded()) }

    /// The journey OAuth client's scopes, one word each (`oauthScope` holds them space-separated).
    public var oauthScopes: [String] { oauthScope?.split(separator: " ").map(String.init) ?? [] }

    /// The server configuration: URL, realm, cookie name, timeout, locale, custom endpoints,
    /// extra headers and query parameters.
    public func serverConfiguration() throws(ConfigurationError) -> ServerConfiguration {
        var server = try ServerConfiguration(
            url: url, realm: realm, cookieName: cookieName,
            timeout: timeout, locale: locale)
        server.endpointOverrides = Dictionary(uniqueKeysWithValues: endpoints.compactMap { key, path in key.endpoint.map { ($0, path) } })
        server.extraHeaders = headers
        server.extraQueryParameters = queryParameters
        return server
    }

    /// The OAuth client, when client id, redirect URI and scope are all set (the SDKs run
    /// without OAuth otherwise).
    public func oauthConfiguration() throws(ConfigurationError) -> OAuthConfiguration? {
        guard let oauthClientId, let oauthRedirectUri, oauthScope != nil else { return nil }
        var configuration = try OAuthConfiguration(
            clientId: oauthClientId, redirectURI: oauthRedirectUri, scopes: oauthScopes, refreshThresholdSeconds: refreshThresholdSeconds)
        configuration.signOutRedirectURI = oauthSignOutRedirectUri
        return configuration
    }

    /// Which OAuth options are missing when only some are set; empty when OAuth is fully on or off.
    public var missingOAuthOptions: [OptionKey] {
        let set: [(OptionKey, String?)] = [(.oauthClientId, oauthClientId), (.oauthRedirectUri, oauthRedirectUri), (.oauthScope, oauthScope)]
        let missing = set.filter { $0.1 == nil }.map(\.0)
        return missing.count == set.count ? [] : missing
    }

    /// The names of the instance's stores: explicit store options first, then the store group
    /// (`keychainAccessGroup`: instances naming the same group share it), then the preset's
    /// names (the shared defaults unless `preset` says otherwise).
    public func stores(forInstance instance: String) -> InstanceStores {
        let byPreset = preset.storeNames(forInstance: instance, kind: kind)
        let prefix = kind == .davinci ? "davinci-" : ""
        let session = sessionStore ?? keychainAccessGroup.map { "\(prefix)session-group-\($0)" } ?? byPreset.session
        return InstanceStores(
            session: session,
            tokens: tokenStore ?? keychainAccessGroup.map { "\(prefix)tokens-group-\($0)" } ?? byPreset.tokens,
            // A DaVinci instance's cookies are its session: PingOne's ST and ST-NO-SS.
            cookies: cookieStore ?? (kind == .davinci ? session : "cookies-\(instance)"))
    }

    /// The options, among those that changed from `old`, that the SDKs treat as a new identity.
    public func identityChanges(from old: ClientOptions) -> [OptionKey] {
        OptionKey.allCases.filter { $0.changesIdentity && identity($0) != old.identity($0) }
    }

    /// An identity option's value as it is meant: `alpha` and `/alpha` are one realm, a URL's
    /// trailing slash and a scope's word order do not matter.
    private func identity(_ key: OptionKey) -> String? {
        switch key {
        case .url: (try? ServerConfiguration(url: url))?.baseURL.absoluteString.lowercased() ?? url
        case .realm: realm.description
        case .oauthScope: oauthScope.map { _ in oauthScopes.sorted().joined(separator: " ") }
        case .scopes: scopes.sorted().joined(separator: " ")
        default: values[key]?.description
        }
    }

    /// Every option whose value differs from `old`.
    public func changes(from old: ClientOptions) -> [OptionKey] {
        let before = old.values, after = values
        return OptionKey.allCases.filter { before[$0] != after[$0] }
    }
}

extension HTTPTransports {
    /// The transport for a set of options: their TLS settings (pins, CA bundle, insecure) decide
    /// it. Settings that cannot be used give a transport that refuses every request with the
    /// reason, so nothing is ever sent with weaker checks than the options ask for.
    public static func make(for options: ClientOptions) -> any HTTPTransport {
        do {
            let policy = try TLSPolicy(pins: options.sslPinningPublicKeyHashes, caBundlePath: options.caBundle, insecure: options.insecure)
            return try make(for: policy)
        } catch {
            return RefusingTransport(problem: error.description)
        }
    }
}
