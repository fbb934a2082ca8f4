/// Reads `/am/json/realms/…/<endpoint>` paths, in AM's full form (`realms/root/realms/alpha`)
/// and in the SDKs' short form (`realms/alpha`).
struct RealmPath {
    /// The realms the demo AM has.
    static let knownRealms = ["/", "/alpha"]

    /// `/` or `/alpha`.
    let realm: String
    /// What follows the realm, e.g. `["authenticate"]`.
    let endpoint: [Substring]

    /// `nil` when the path is not under `/am/json/realms/`.
    init?(_ path: String) {
        let segments = path.split(separator: "/")
        guard segments.starts(with: ["am", "json", "realms"]), segments.count > 3 else { return nil }
        var rest = segments.dropFirst(3)
        var names: [Substring] = []
        if rest.first == "root" {
            rest = rest.dropFirst()
            while rest.first == "realms", rest.count > 1 {
                names.append(rest[rest.startIndex + 1])
                rest = rest.dropFirst(2)
            }
        } else if let name = rest.popFirst() {
            names.append(name)
        }
        realm = "/" + names.joined(separator: "/")
        endpoint = Array(rest)
    }
}
