/// One journey of an export, as the demo AM runs it: its nodes and where each outcome leads.
/// Read by the demo AM's own reader (``TreeExports``), apart from the client's map reader, so a
/// misreading of the format cannot hide in both.
struct ExportedTree: Sendable {
    let name: String
    let entry: String
    let nodes: [String: ExportedNode]
    /// `managed/alpha_user` in Identity Cloud exports; nil in classic AM's.
    let identityResource: String?
    /// The file it was read from.
    let source: String
    /// The realm it is served in (`/alpha`), when its file says; nil: every realm.
    var realm: String?
    /// A disabled journey is not served; an inner-tree-only one is run by inner tree
    /// evaluators only; a no-session one ends without a session (AM's tree flags).
    var enabled = true
    var innerTreeOnly = false
    var noSession = false
    /// One of the demo's own journeys (`Journeys/Exports/`), not one the server was given.
    var isDemo = false

    /// How the server keeps it apart from a journey of the same name in another realm.
    var key: String { TreeExports.key(realm: realm, name: name) }

    /// AM's fixed ids of the two ends.
    static let success = "70e691a5-1e33-4ac3-a356-e7b6d60d92e0"
    static let failure = "e301438c-0bd0-429c-ab0c-66126501069a"
}

/// A node of a tree: its type, its name, and the node each outcome leads to.
struct ExportedNode: Sendable {
    let id: String
    let type: String
    let displayName: String
    /// Outcome id → the next node's id (or an end's).
    let connections: [String: String]

    /// How people call it: its name, else its type.
    var title: String { displayName.isEmpty ? type : displayName }
}
