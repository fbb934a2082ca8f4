import DaVinci
import Foundation
import JourneyEngine
import Orchestrate

/// The shapes of the JavaScript SDKs' configuration beyond the legacy `Config.set` options:
/// `logger.level`, and a `serverConfig.wellknown` address in place of `baseUrl` (an AM one gives
/// the server and the realm, a PingOne one makes a DaVinci profile).
enum JavaScriptConfigShapes {
    /// The configuration with `logger.level` read as `logLevel`.
    static func readingLoggerLevel(_ root: [String: Any]) -> (object: [String: Any], notes: [FormatNote]) {
        var object = root
        var notes: [FormatNote] = []
        if var logger = object["logger"] as? [String: Any], let level = logger.removeValue(forKey: "level") {
            if object["logLevel"] == nil { object["logLevel"] = level } else {
                notes.append(FormatNote(key: "logger.level", reason: "logLevel is set too and is taken"))
            }
            if logger.isEmpty { object["logger"] = nil } else { object["logger"] = logger }
        }
        return (object, notes)
    }

    /// The imported values with `serverConfig.wellknown` read (imported as the discovery
    /// endpoint): an AM address (`…/oauth2/realms/root/realms/alpha/.well-known/…`) gives
    /// `url` and `realm` where the file sets neither; a PingOne one
    /// (`https://auth.pingone.<region>/<envId>/as/.well-known/…`) makes a DaVinci profile whose
    /// client is the file's `clientId`, `redirectUri` and `scope`, and what only a journey
    /// takes is noted; any other address is noted.
    static func readingWellknown(_ imported: ImportedConfiguration) -> ImportedConfiguration {
        var result = imported
        guard case .text(let address)? = result.values[.discoveryEndpoint] else { return result }
        let key = result.sourceKeys[.discoveryEndpoint] ?? "serverConfig.wellknown"
        let suffix = "/.well-known/openid-configuration"
        let path = URLComponents(string: address)?.path ?? ""
        if path.hasSuffix("/as" + suffix) {
            result.values[.kind] = .text(OrchestrationKind.davinci.rawValue)
            move(.oauthClientId, to: .clientId, in: &result)
            move(.oauthRedirectUri, to: .redirectUri, in: &result)
            if case .text(let scope)? = result.values[.oauthScope] {
                result.values[.scopes] = .list(scope.split(separator: " ").map(String.init))
            }
            move(.oauthScope, to: .scopes, in: &result)
            for option in OptionKey.allCases where option.onlyFor == .journey && result.values[option] != nil {
                result.values[option] = nil
                let fileKey = result.sourceKeys.removeValue(forKey: option) ?? option.rawValue
                result.notes.append(FormatNote(key: fileKey, reason: "\(key) is a PingOne environment, so this is a DaVinci profile, which has no such option"))
            }
            return result
        }
        result.values[.discoveryEndpoint] = nil
        result.sourceKeys[.discoveryEndpoint] = nil
        guard path.hasSuffix(suffix), let range = address.range(of: "/oauth2/") else {
            result.notes.append(FormatNote(key: key, reason: "\(address) is neither AM's (…/oauth2/…/.well-known/openid-configuration) nor PingOne's (…/as/.well-known/openid-configuration), so no server is taken from it"))
            return result
        }
        if result.values[.url] == nil {
            result.values[.url] = .text(String(address[..<range.lowerBound]))
            result.sourceKeys[.url] = key
        }
        if result.values[.realm] == nil {
            let afterOAuth = address[range.upperBound...]
            var realmPath = afterOAuth.hasPrefix(".well-known/") ? "" : String(afterOAuth.dropLast(suffix.count))
            if realmPath.hasPrefix("realms/") { realmPath.removeFirst("realms/".count) }
            result.values[.realm] = .text(realmPath.isEmpty ? "root" : SDKConventions.optionRealm(fromNative: realmPath))
            result.sourceKeys[.realm] = key
        }
        return result
    }

    private static func move(_ option: OptionKey, to target: OptionKey, in imported: inout ImportedConfiguration) {
        guard let value = imported.values.removeValue(forKey: option) else { return }
        if imported.values[target] == nil { imported.values[target] = value }
        imported.sourceKeys[target] = imported.sourceKeys.removeValue(forKey: option)
    }
}
