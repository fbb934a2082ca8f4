import ArgumentParser
import Foundation
import JourneyEngine
import JourneyProfiles
import Orchestrate

/// Every client option as a flag, plus `--profile`. Flags take precedence over the environment
/// (`JOURNEY_…`), which takes precedence over the profile, which takes precedence over the
/// SDKs' defaults (see `journey config show`).
struct ConfigurationOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A profile of profiles.yaml (journey profiles list).", valueName: "name"))
    var profile: String?

    @Option(help: ArgumentHelp(OptionKey.url.summary, valueName: "url")) var url: String?
    @Option(help: ArgumentHelp(OptionKey.realm.summary, valueName: "realm")) var realm: String?
    @Option(help: ArgumentHelp(OptionKey.timeout.summary, valueName: "seconds")) var timeout: String?
    @Flag(inversion: .prefixedNo, help: ArgumentHelp(OptionKey.enableCookie.summary)) var enableCookie: Bool?
    @Option(help: ArgumentHelp(OptionKey.cookieName.summary, valueName: "name")) var cookieName: String?
    @Option(help: ArgumentHelp(OptionKey.cookieCache.summary, valueName: "seconds")) var cookieCache: String?
    @Option(help: ArgumentHelp(OptionKey.authServiceName.summary, valueName: "journey")) var authServiceName: String?
    @Option(help: ArgumentHelp(OptionKey.registrationServiceName.summary, valueName: "journey")) var registrationServiceName: String?
    @Option(name: .customLong("client-id"), help: ArgumentHelp("oauthClientId: " + OptionKey.oauthClientId.summary, valueName: "id"))
    var oauthClientId: String?
    @Option(name: .customLong("redirect-uri"), help: ArgumentHelp("oauthRedirectUri: " + OptionKey.oauthRedirectUri.summary, valueName: "uri"))
    var oauthRedirectUri: String?
    @Option(name: .customLong("sign-out-redirect-uri"), help: ArgumentHelp("oauthSignOutRedirectUri: " + OptionKey.oauthSignOutRedirectUri.summary, valueName: "uri"))
    var oauthSignOutRedirectUri: String?
    @Option(name: .customLong("scope"), help: ArgumentHelp("oauthScope: " + OptionKey.oauthScope.summary, valueName: "scopes"))
    var oauthScope: String?
    @Option(help: ArgumentHelp(OptionKey.oauthThreshold.summary, valueName: "seconds")) var oauthThreshold: String?
    @Option(help: ArgumentHelp(OptionKey.oauthCache.summary, valueName: "seconds")) var oauthCache: String?
    @Option(name: .customLong("pin"), help: ArgumentHelp("sslPinningPublicKeyHashes: " + OptionKey.sslPinningPublicKeyHashes.summary + " (repeatable)", valueName: "base64"))
    var pins: [String] = []
    @Option(help: ArgumentHelp(OptionKey.caBundle.summary, valueName: "pem-file")) var caBundle: String?
    @Flag(help: ArgumentHelp(OptionKey.insecure.summary)) var insecure = false
    @Option(help: ArgumentHelp(OptionKey.preset.summary, valueName: "shared|step-up|multi-user")) var preset: String?
    @Option(help: ArgumentHelp(OptionKey.sessionStore.summary, valueName: "name")) var sessionStore: String?
    @Option(help: ArgumentHelp(OptionKey.tokenStore.summary, valueName: "name")) var tokenStore: String?
    @Option(help: ArgumentHelp(OptionKey.cookieStore.summary, valueName: "name")) var cookieStore: String?
    @Option(name: .customLong("store-group"), help: ArgumentHelp("keychainAccessGroup: " + OptionKey.keychainAccessGroup.summary, valueName: "name"))
    var keychainAccessGroup: String?
    @Option(help: ArgumentHelp(OptionKey.authenticateEndpoint.summary, valueName: "path|url")) var authenticateEndpoint: String?
    @Option(help: ArgumentHelp(OptionKey.authorizeEndpoint.summary, valueName: "path|url")) var authorizeEndpoint: String?
    @Option(help: ArgumentHelp(OptionKey.tokenEndpoint.summary, valueName: "path|url")) var tokenEndpoint: String?
    @Option(help: ArgumentHelp(OptionKey.revokeEndpoint.summary, valueName: "path|url")) var revokeEndpoint: String?
    @Option(help: ArgumentHelp(OptionKey.userinfoEndpoint.summary, valueName: "path|url")) var userinfoEndpoint: String?
    @Option(help: ArgumentHelp(OptionKey.sessionEndpoint.summary, valueName: "path|url")) var sessionEndpoint: String?
    @Option(help: ArgumentHelp(OptionKey.endSessionEndpoint.summary, valueName: "path|url")) var endSessionEndpoint: String?
    @Option(help: ArgumentHelp(OptionKey.locale.summary, valueName: "tag")) var locale: String?
    @Option(name: .customLong("header"), help: ArgumentHelp("headers: an extra request header (repeatable)", valueName: "'Name: value'"))
    var headers: [String] = []
    @Option(name: .customLong("query"), help: ArgumentHelp("queryParameters: an extra query parameter (repeatable)", valueName: "name=value"))
    var queryParameters: [String] = []
    @Option(help: ArgumentHelp(OptionKey.logLevel.summary, valueName: "level")) var logLevel: String?

    /// The flags that were given, as option values with their flag names.
    var flagValues: [OptionKey: OptionLayers.FlagValue] {
        var flags: [OptionKey: OptionLayers.FlagValue] = [:]
        func set(_ key: OptionKey, _ value: String?, _ flag: String) {
            if let value { flags[key] = .init(.text(value), source: .flag(flag)) }
        }
        func list(_ key: OptionKey, _ items: [String], _ flag: String) {
            if !items.isEmpty { flags[key] = .init(.list(items), source: .flag(flag)) }
        }
        set(.url, url, "--url")
        set(.realm, realm, "--realm")
        set(.timeout, timeout, "--timeout")
        set(.enableCookie, enableCookie.map(String.init), enableCookie == false ? "--no-enable-cookie" : "--enable-cookie")
        set(.cookieName, cookieName, "--cookie-name")
        set(.cookieCache, cookieCache, "--cookie-cache")
        set(.authServiceName, authServiceName, "--auth-service-name")
        set(.registrationServiceName, registrationServiceName, "--registration-service-name")
        set(.oauthClientId, oauthClientId, "--client-id")
        set(.oauthRedirectUri, oauthRedirectUri, "--redirect-uri")
        set(.oauthSignOutRedirectUri, oauthSignOutRedirectUri, "--sign-out-redirect-uri")
        set(.oauthScope, oauthScope, "--scope")
        set(.oauthThreshold, oauthThreshold, "--oauth-threshold")
        set(.oauthCache, oauthCache, "--oauth-cache")
        list(.sslPinningPublicKeyHashes, pins, "--pin")
        set(.caBundle, caBundle, "--ca-bundle")
        set(.insecure, insecure ? "true" : nil, "--insecure")
        set(.preset, preset, "--preset")
        set(.sessionStore, sessionStore, "--session-store")
        set(.tokenStore, tokenStore, "--token-store")
        set(.cookieStore, cookieStore, "--cookie-store")
        set(.keychainAccessGroup, keychainAccessGroup, "--store-group")
        set(.authenticateEndpoint, authenticateEndpoint, "--authenticate-endpoint")
        set(.authorizeEndpoint, authorizeEndpoint, "--authorize-endpoint")
        set(.tokenEndpoint, tokenEndpoint, "--token-endpoint")
        set(.revokeEndpoint, revokeEndpoint, "--revoke-endpoint")
        set(.userinfoEndpoint, userinfoEndpoint, "--userinfo-endpoint")
        set(.sessionEndpoint, sessionEndpoint, "--session-endpoint")
        set(.endSessionEndpoint, endSessionEndpoint, "--end-session-endpoint")
        set(.locale, locale, "--locale")
        list(.headers, headers, "--header")
        list(.queryParameters, queryParameters, "--query")
        set(.logLevel, logLevel, "--log-level")
        return flags
    }

    /// The layers these flags sit on top of, with extra flag values (e.g. `--trace`) added.
    func layers(adding extra: [OptionKey: OptionLayers.FlagValue] = [:]) -> OptionLayers {
        OptionLayers(flags: flagValues.merging(extra) { given, _ in given }, profileName: profile)
    }

    /// Resolves and checks the options; problems become one usage error naming each option
    /// and where its value came from.
    func resolve(adding extra: [OptionKey: OptionLayers.FlagValue] = [:]) throws -> ResolvedOptions {
        try Self.resolve(layers(adding: extra))
    }

    /// Resolves and checks layers of options; from then on, with `insecure` on, every line the
    /// console writes is marked (`Console.noteTLS(of:)`).
    static func resolve(_ layers: OptionLayers) throws -> ResolvedOptions {
        let resolved: ResolvedOptions
        do {
            resolved = try OptionsResolver.resolve(layers)
        } catch {
            throw ValidationError(CommandHint.message(for: error))
        }
        Console.noteTLS(of: resolved.options)
        return resolved
    }
}
