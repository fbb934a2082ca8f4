import DaVinci
import Foundation
import JourneyEngine
import Orchestrate

extension UnifiedSDKConfig {
    /// Where a journey profile's options go: AM in `journey`, the OAuth client in `oidc`.
    static let journeyMapping = FormatMapping(reader: "the JavaScript SDK", fields: [
        FormatField(.timeout, "timeout", .milliseconds),
        FormatField(.logLevel, "log"),
        FormatField(.url, "journey.serverUrl"),
        FormatField(.realm, "journey.realm"),
        FormatField(.cookieName, "journey.cookieName"),
        FormatField(.oauthClientId, "oidc.clientId"),
        FormatField(.oauthRedirectUri, "oidc.redirectUri"),
        FormatField(.oauthSignOutRedirectUri, "oidc.signOutRedirectUri"),
        FormatField(.oauthScope, "oidc.scopes", .list),
        FormatField(.oauthThreshold, "oidc.refreshThreshold", .seconds),
    ])

    /// Where a DaVinci profile's options go: all in `oidc`.
    static let davinciMapping = FormatMapping(reader: "the JavaScript SDK", fields: [
        FormatField(.timeout, "timeout", .milliseconds),
        FormatField(.logLevel, "log"),
        FormatField(.discoveryEndpoint, "oidc.discoveryEndpoint"),
        FormatField(.clientId, "oidc.clientId"),
        FormatField(.redirectUri, "oidc.redirectUri"),
        FormatField(.scopes, "oidc.scopes", .list),
        FormatField(.oauthThreshold, "oidc.refreshThreshold", .seconds),
        FormatField(.acrValues, "oidc.acrValues"),
    ])

    /// Options as the unified configuration's values. A journey profile also gets
    /// `oidc.discoveryEndpoint`, AM's discovery document for its realm, which the SDK's journey
    /// client finds AM by; `log` is upper case (`WARN`), and `trace` is written `DEBUG`.
    static func exporting(_ options: ClientOptions, defaulted: Set<OptionKey> = []) -> ExportedValues {
        var values = options.values
        values[.kind] = nil
        var notes: [FormatNote] = []
        if case .text(let scope)? = values[.oauthScope] { values[.oauthScope] = .list(scope.split(separator: " ").map(String.init)) }
        if case .list(let policies)? = values[.acrValues] { values[.acrValues] = .text(policies.joined(separator: " ")) }
        switch options.logLevel {
        case .warning: values[.logLevel] = .text("WARN")
        case .trace:
            values[.logLevel] = .text("DEBUG")
            notes.append(FormatNote(key: OptionKey.logLevel.rawValue, reason: "written as DEBUG, the SDK's most detailed level"))
        default: values[.logLevel] = .text(options.logLevel.rawValue.uppercased())
        }
        let isDaVinci = options.kind == .davinci
        var exported = (isDaVinci ? davinciMapping : journeyMapping).exporting(values, defaulted: defaulted)
        if !isDaVinci, let server = try? options.serverConfiguration() {
            exported.values["oidc.discoveryEndpoint"] = .text(OAuthEndpoints.discoveryURL(for: server).absoluteString)
        }
        exported.omitted = (notes + exported.omitted).sorted { $0.key < $1.key }
        return exported
    }
}
