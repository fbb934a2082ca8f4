/// What a journey's nodes share as it runs, as AM keeps it: `shared` travels with the journey
/// (an inner tree hands its own back), and `secret` holds what AM keeps in transient and secure
/// state (passwords, one-time codes, KBA answers), never sent to a client.
struct TreeState: Sendable {
    var shared: JSONValue = .object([])
    var secret: JSONValue = .object([])

    /// A value by key, the secret one first (AM's lookup order).
    func value(_ key: String) -> JSONValue? {
        secret[key] ?? shared[key]
    }

    /// The user name the journey has so far (shared `username`).
    var username: String? {
        shared["username"]?.string.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// An IDM attribute collected so far (`objectAttributes.<name>`), the secret one first; a
    /// `/` in the name reads inside an object.
    func objectAttribute(_ name: String) -> JSONValue? {
        let path = ["objectAttributes"] + name.split(separator: "/").map(String.init)
        return secret.value(at: path) ?? shared.value(at: path)
    }

    /// Every IDM attribute collected, shared and secret, as a user's attributes: what Create
    /// Object and Patch Object write.
    var objectAttributes: [(name: String, value: JSONValue)] {
        var merged: [(name: String, value: JSONValue)] = []
        for bag in [shared, secret] {
            for (name, value) in bag["objectAttributes"]?.members ?? [] {
                merged.removeAll { $0.name == name }
                merged.append((name, value))
            }
        }
        return merged
    }

    mutating func setShared(_ key: String, _ value: JSONValue) { shared = shared.setting([key], to: value) }
    mutating func setSecret(_ key: String, _ value: JSONValue) { secret = secret.setting([key], to: value) }

    /// Sets `objectAttributes.<name>` in the shared or the secret state.
    mutating func setObjectAttribute(_ name: String, _ value: JSONValue, secret isSecret: Bool = false) {
        let path = ["objectAttributes"] + name.split(separator: "/").map(String.init)
        if isSecret { secret = secret.setting(path, to: value) } else { shared = shared.setting(path, to: value) }
    }

    mutating func removeShared(_ key: String) { shared = shared.removing(key) }
}
