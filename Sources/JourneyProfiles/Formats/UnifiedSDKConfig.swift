import DaVinci
import Foundation
import JourneyEngine
import Orchestrate

/// The unified configuration of the newest JavaScript SDK (ping-javascript-sdk
/// `packages/sdk-utilities/src/lib/config`, `UnifiedSdkConfig`): `timeout` in milliseconds,
/// `log`, `journey {serverUrl, realm, cookieName}` and `oidc {discoveryEndpoint, clientId,
/// scopes, redirectUri, signOutRedirectUri, refreshThreshold (seconds), loginHint, nonce,
/// display, prompt, uiLocales, acrValues, additionalParameters}`; the Ping Android SDK's
/// configuration has the same fields with `par` and `state` beside them.
///
/// Read as the SDK's parser reads it (``UnifiedSchema``): every field checked, every problem
/// named by its path with the SDK's own words, `null` taken as absent, unknown keys left out.
/// Then as the client it configures: an `oidc.discoveryEndpoint` at AM (`…/oauth2/…`) or a
/// `journey.serverUrl` makes a journey profile; any other discovery document (PingOne's
/// `…/as/.well-known/…`) a `kind: davinci` profile, which needs `clientId`, `redirectUri` and
/// `scopes`, the first one missing named as the SDK's DaVinci client names it. A journey alone
/// (no `oidc`), which the SDK's clients refuse because they find AM through discovery, is taken:
/// JourneyTerm reaches AM by its URL.
enum UnifiedSDKConfig {
    /// Whether a JSON value is this shape: an object with a `journey` or an `oidc` section, or
    /// the unified top-level `timeout` or `log` without the older `serverConfig`; or not an
    /// object at all (`null`, a list), which the SDK refuses in its own words.
    static func isUnified(_ root: JSONValue) -> Bool {
        guard let object = root.objectValue else { return true }
        return object["journey"] != nil || object["oidc"] != nil || (object["serverConfig"] == nil && (object["timeout"] != nil || object["log"] != nil))
    }

    /// The options of a unified configuration, or the SDK's refusal: `config: Expected object,
    /// got null`, `oidc.scopes: Expected array, got string` …, every problem of the schema at once.
    static func importing(_ root: JSONValue, path: String) throws(FormatReadError) -> ImportedConfiguration {
        let schema = UnifiedSchema(root)
        guard schema.problems.isEmpty else { throw refusal(schema.problems, path: path) }
        let fields = schema.fields
        var imported = ImportedConfiguration()
        func set(_ option: OptionKey, _ value: OptionValue?, from key: String) {
            guard let value else { return }
            imported.values[option] = value
            imported.sourceKeys[option] = key
        }
        let discovery = fields.text("oidc.discoveryEndpoint")
        let atAM = discovery.map(isAMDiscovery) ?? false
        let serverURL = fields.text("journey.serverUrl").map(trimmingSlashes)
        guard serverURL?.isEmpty == false || discovery != nil else {
            throw refusal([UnifiedSchema.Problem(path: "oidc", message: "Required block is missing")], path: path)
        }
        // In milliseconds here, in seconds as an option: a message says which it shows.
        set(.timeout, fields.number("timeout").map { .text(CommonOptions.format($0 / 1000)) }, from: "timeout (milliseconds)")
        set(.logLevel, fields.text("log").map { .text($0 == "WARN" ? ClientOptions.LogLevel.warning.rawValue : $0.lowercased()) }, from: "log")
        set(.oauthThreshold, fields.number("oidc.refreshThreshold").map { .text(CommonOptions.format($0)) }, from: "oidc.refreshThreshold")
        let scopes = fields.list("oidc.scopes")
        if serverURL?.isEmpty == false || atAM {
            // A journey profile: AM by its URL, or by its discovery document.
            set(.url, serverURL.flatMap { $0.isEmpty ? nil : .text($0) }, from: "journey.serverUrl")
            set(.realm, fields.text("journey.realm").map { .text($0) }, from: "journey.realm")
            set(.cookieName, fields.text("journey.cookieName").map { .text($0) }, from: "journey.cookieName")
            set(.oauthClientId, fields.text("oidc.clientId").map { .text($0) }, from: "oidc.clientId")
            set(.oauthRedirectUri, fields.text("oidc.redirectUri").map { .text($0) }, from: "oidc.redirectUri")
            set(.oauthSignOutRedirectUri, fields.text("oidc.signOutRedirectUri").map { .text($0) }, from: "oidc.signOutRedirectUri")
            set(.oauthScope, scopes.map { .text($0.joined(separator: " ")) }, from: "oidc.scopes")
            if let discovery, atAM { readAMDiscovery(discovery, into: &imported) }
            if let discovery, !atAM {
                imported.notes.append(FormatNote(key: "oidc.discoveryEndpoint", reason: "\(discovery) is not AM's (…/oauth2/…/.well-known/openid-configuration); the journey goes to journey.serverUrl"))
            }
            imported.notes += notTaken(fields, ["oidc.acrValues"], because: "JourneyTerm has no such option for a journey")
        } else if let discovery {
            // A DaVinci profile: the SDK's DaVinci client needs clientId, redirectUri and scopes, and names the first missing.
            for (key, missing) in [("oidc.clientId", fields.text("oidc.clientId")?.isEmpty ?? true),
                                   ("oidc.redirectUri", fields.text("oidc.redirectUri")?.isEmpty ?? true),
                                   ("oidc.scopes", scopes?.isEmpty ?? true)] where missing {
                throw refusal([UnifiedSchema.Problem(path: key, message: "Required field is missing")], path: path)
            }
            set(.kind, .text(OrchestrationKind.davinci.rawValue), from: "oidc.discoveryEndpoint")
            set(.discoveryEndpoint, .text(discovery), from: "oidc.discoveryEndpoint")
            set(.clientId, fields.text("oidc.clientId").map { .text($0) }, from: "oidc.clientId")
            set(.redirectUri, fields.text("oidc.redirectUri").map { .text($0) }, from: "oidc.redirectUri")
            set(.scopes, scopes.map { .list($0) }, from: "oidc.scopes")
            set(.acrValues, fields.text("oidc.acrValues").map { .list($0.split(separator: " ").map(String.init)) }, from: "oidc.acrValues")
            imported.notes += notTaken(fields, ["journey.serverUrl", "journey.realm", "journey.cookieName", "oidc.signOutRedirectUri"],
                                       because: "oidc.discoveryEndpoint is not AM's, so this is a DaVinci profile, which has no such option")
        }
        imported.notes += notTaken(fields, ["oidc.loginHint", "oidc.nonce", "oidc.display", "oidc.prompt", "oidc.uiLocales",
                                            "oidc.additionalParameters", "oidc.par", "oidc.state"],
                                   because: "JourneyTerm's authorize request has no option for it")
        imported.unknownKeys = schema.ignoredKeys
        return imported
    }

    /// The refusal, worded as the SDK throws it: `Invalid unified SDK config: field: message, …`.
    private static func refusal(_ problems: [UnifiedSchema.Problem], path: String) -> FormatReadError {
        FormatReadError(path: path, message: "the JavaScript SDK refuses it: Invalid unified SDK config: "
                        + problems.map { "\($0.path): \($0.message)" }.joined(separator: ", "))
    }

    /// `https://am.example.com/am/oauth2/realms/root/realms/alpha/.well-known/openid-configuration`.
    private static func isAMDiscovery(_ address: String) -> Bool {
        address.contains("/oauth2/") && (URLComponents(string: address)?.path.hasSuffix("/.well-known/openid-configuration") ?? false)
    }

    /// The server and realm an AM discovery document names, where the journey section does not.
    private static func readAMDiscovery(_ address: String, into imported: inout ImportedConfiguration) {
        var wellknown = ImportedConfiguration()
        wellknown.values[.discoveryEndpoint] = .text(address)
        wellknown.sourceKeys[.discoveryEndpoint] = "oidc.discoveryEndpoint"
        let derived = JavaScriptConfigShapes.readingWellknown(wellknown)
        for option in [OptionKey.url, .realm] where imported.values[option] == nil {
            if let value = derived.values[option] {
                imported.values[option] = value
                imported.sourceKeys[option] = "oidc.discoveryEndpoint"
            }
        }
    }

    private static func notTaken(_ fields: UnifiedSchema.Fields, _ keys: [String], because reason: String) -> [FormatNote] {
        keys.filter { fields.has($0) }.map { FormatNote(key: $0, reason: reason) }
    }

    private static func trimmingSlashes(_ url: String) -> String {
        var trimmed = url
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        return trimmed
    }
}
