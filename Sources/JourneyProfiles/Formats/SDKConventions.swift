import Foundation
import JourneyEngine
import Orchestrate

/// How the native SDKs write what JourneyTerm's options hold: numbers of seconds, realms (the
/// iOS and Android SDKs put `forgerock_realm` after `realms/` in their paths) and custom
/// endpoints (paths appended to the server URL, so with a leading slash).
enum SDKConventions {
    /// The options' values as the native SDKs write them: the realm and the custom endpoints in
    /// their form.
    static func nativeValues(of options: ClientOptions) -> [OptionKey: OptionValue] {
        var values = options.values
        values[.realm] = .text(nativeRealm(options.realm))
        for (key, endpoint) in options.endpoints {
            values[key] = .text(nativeEndpoint(endpoint, realm: options.realm))
        }
        return values
    }

    /// The realm as the native SDKs take it: `root`, `alpha`, or `parent/realms/child`, so that
    /// `/json/realms/{forgerock_realm}/authenticate` is AM's path.
    static func nativeRealm(_ realm: Realm) -> String {
        realm.segments.isEmpty ? "root" : realm.segments.joined(separator: "/realms/")
    }

    /// A native SDK's realm as an option: `parent/realms/child` → `parent/child`; anything that
    /// is not that shape stays as written.
    static func optionRealm(fromNative text: String) -> String {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !parts.count.isMultiple(of: 2),
              stride(from: 1, to: parts.count, by: 2).allSatisfy({ parts[$0] == "realms" }) else { return text }
        var names = stride(from: 0, to: parts.count, by: 2).map { parts[$0] }
        if names.first == "root" { names.removeFirst() }
        return names.isEmpty ? "root" : names.joined(separator: "/")
    }

    /// A custom endpoint as the native SDKs take it: a full URL as it is, a path with `{realm}`
    /// expanded and a leading slash.
    static func nativeEndpoint(_ endpoint: String, realm: Realm) -> String {
        let expanded = expandingRealm(in: endpoint, realm: realm)
        if expanded.contains("://") || expanded.hasPrefix("/") { return expanded }
        return "/" + expanded
    }

    /// `{realm}` replaced by AM's realm path, `realms/root/realms/alpha`.
    static func expandingRealm(in endpoint: String, realm: Realm) -> String {
        endpoint.replacingOccurrences(of: "{realm}", with: realm.urlPath)
    }
}
