/// Reads `/am/json/realms/…/<endpoint>` and `/am/oauth2/realms/…/<endpoint>` paths, in AM's full
/// form (`realms/root/realms/alpha`) and in the SDKs' short form (`realms/alpha`). Under `oauth2`
/// a path without `realms` is the root realm (`/am/oauth2/access_token`).
struct RealmPath {
    /// The APIs with realm paths.
    enum API: String {
        case json
        case oauth2
    }

    /// The realms the demo AM has.
    static let knownRealms = ["/", "/alpha"]

    /// `/` or `/alpha`.
    let realm: String
    /// What follows the realm, e.g. `["authenticate"]`.
    let endpoint: [Substring]

    /// `nil` when the path is not under `/am/<api>/`.
    init?(_ path: String, api: API) {
        let segments = path.split(separator: "/")
        guard segments.starts(with: ["am", Substring(api.rawValue)]), segments.count > 2 else { return nil }
        var rest = segments.dropFirst(2)
        var names: [Substring] = []
        if rest.first == "realms", rest.count > 1 {
            rest = rest.dropFirst()
            if rest.first == "root" {
                rest = rest.dropFirst()
                while rest.first == "realms", rest.count > 1 {
                    names.append(rest[rest.startIndex + 1])
                    rest = rest.dropFirst(2)
                }
            } else if let name = rest.popFirst() {
                names.append(name)
            }
        } else if api == .json {
            return nil
        }
        realm = "/" + names.joined(separator: "/")
        endpoint = Array(rest)
    }

    /// The path of a known realm (the demo's, and `also`: those of the journeys it was given);
    /// a 404 for other paths and realms.
    static func known(_ path: String, api: API, also: [String] = []) throws(AMError) -> RealmPath {
        guard let realmPath = RealmPath(path, api: api) else { throw .resourceNotFound(path) }
        let realms = knownRealms + also.filter { !knownRealms.contains($0) }
        guard realms.contains(realmPath.realm) else {
            throw .notFound("Realm \(realmPath.realm) not found: the demo AM has the realms \(realms.joined(separator: ", "))")
        }
        return realmPath
    }

    /// A realm as advices and policies name it (`/`, `alpha`, `/alpha`, `root/alpha`) in the form `/alpha`.
    static func normalized(_ name: String) -> String {
        "/" + name.split(separator: "/").filter { $0 != "root" }.joined(separator: "/")
    }

    /// AM's full path of a realm: `realms/root` for `/`, `realms/root/realms/alpha` for `/alpha`.
    static func fullPath(of realm: String) -> String {
        (["realms/root"] + realm.split(separator: "/").map { "realms/\($0)" }).joined(separator: "/")
    }
}
