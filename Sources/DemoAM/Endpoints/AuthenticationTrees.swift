import Hummingbird

/// `GET /json/realms/{realm}/realm-config/authentication/authenticationtrees/trees?_queryFilter=true`,
/// `…/trees/{name}` and `…/nodes/{type}/{id}`: the journeys' definitions, as AM's admin REST API
/// answers them: the journeys served (``TreeLibrary``: those given to `journey serve --journeys`
/// and the demo's own); for an administrator's SSO token only: none or an ended one is a 401, a
/// user's is a 403.
struct AuthenticationTrees {
    /// The path after the realm, before `trees` or `nodes`.
    static let prefix: [Substring] = ["realm-config", "authentication", "authenticationtrees"]

    let directory: Directory
    let exported: TreeLibrary

    func respond(to request: Request, realm: String, path: ArraySlice<Substring>) async throws(AMError) -> Response {
        try await checkAdministrator(request, realm: realm)
        switch Array(path) {
        case ["trees"]:
            guard request.uri.queryParameters["_queryFilter"] != nil else {
                throw .badRequest("Query not supported: send _queryFilter=true")
            }
            let trees = exported.trees.values.filter { $0.realm == nil || $0.realm == realm }.sorted { $0.name < $1.name }.map { $0.treeJSON(exported) }
            return .json(.object([
                ("result", .array(trees)), ("resultCount", .int(trees.count)), ("pagedResultsCookie", .null),
                ("totalPagedResultsPolicy", "NONE"), ("totalPagedResults", -1), ("remainingPagedResults", -1),
            ]))
        case let segments where segments.count == 2 && segments[0] == "trees":
            let name = segments[1].removingPercentEncoding ?? String(segments[1])
            guard let tree = exported.tree(named: name, in: realm) else { throw .notFound("Not Found") }
            return .json(tree.treeJSON(exported))
        case let segments where segments.count == 3 && segments[0] == "nodes":
            let type = String(segments[1]), id = String(segments[2])
            guard let configuration = exported.configurations[id], configuration["_type"]?["_id"]?.string == type else { throw .notFound("Not Found") }
            return .json(configuration)
        default:
            throw .resourceNotFound(request.uri.path)
        }
    }

    /// AM's admin API takes the SSO token of an administrator: the root realm's (as amadmin
    /// signs in) or the realm's own.
    private func checkAdministrator(_ request: Request, realm: String) async throws(AMError) {
        var session = await request.session(in: directory, realm: "/")
        if session == nil, realm != "/" { session = await request.session(in: directory, realm: realm) }
        guard let session else { throw .accessDenied }
        guard session.username.lowercased() == DemoAM.administrator.username else { throw .forbidden }
    }
}

extension ExportedTree {
    /// The tree as AM's REST API answers it: its entry, and each node's type, name and
    /// connections (in the node's order of its outcomes).
    func treeJSON(_ library: TreeLibrary) -> JSONValue {
        .object([
            ("_id", .string(name)),
            ("entryNodeId", .string(entry)),
            ("nodes", .object(nodes.values.sorted { $0.id < $1.id }.map { node in
                (node.id, .object([("connections", .object(library.connectedOutcomes(of: node).map { ($0, .string(node.connections[$0] ?? "")) })),
                                   ("displayName", .string(node.displayName)), ("nodeType", .string(node.type))]))
            })),
            ("description", .string(isDemo ? "The demo AM runs this journey node by node from its export (\(source))."
                                           : "An exported journey (\(source)), run node by node by the demo AM.")),
        ] + (identityResource.map { [("identityResource", .string($0))] } ?? []))
    }
}
