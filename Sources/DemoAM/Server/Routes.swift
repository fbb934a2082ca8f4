import DemoPingOne
import Hummingbird

/// The demo AM's routes under the `/am` context path; the demo resource server's and the demo
/// PingOne environment's outside it.
enum Routes {
    static func router(state: ServerState) -> Router<DemoRequestContext> {
        let router = Router(context: DemoRequestContext.self)
        router.add(middleware: AMErrorMiddleware())
        let authenticate = Authenticate(state: state)
        let sessions = Sessions(state: state)
        let oauth2 = OAuth2(state: state)
        let policies = PolicyEvaluation(state: state)
        router.post("/am/json/realms/**") { request, context in
            let path = try RealmPath.known(request.uri.path, api: .json, also: state.trees.realms)
            switch path.endpoint {
            case ["authenticate"]:
                return await authenticate.respond(to: request, context: context, realm: path.realm)
            case ["sessions"]:
                return await sessions.respond(to: request, realm: path.realm)
            case ["policies"]:
                return await policies.respond(to: request, realm: path.realm)
            default:
                throw AMError.resourceNotFound(request.uri.path)
            }
        }
        router.get("/am/json/serverinfo/*") { request, _ in
            try ServerInfo.respond(to: request, realm: "/", id: request.uri.path.split(separator: "/").last ?? "")
        }
        let trees = AuthenticationTrees(directory: state.directory, exported: state.trees)
        router.get("/am/json/realms/**") { request, _ in
            let path = try RealmPath.known(request.uri.path, api: .json, also: state.trees.realms)
            if path.endpoint.starts(with: AuthenticationTrees.prefix) {
                return try await trees.respond(to: request, realm: path.realm, path: path.endpoint.dropFirst(AuthenticationTrees.prefix.count))
            }
            guard path.endpoint.count == 2, path.endpoint[0] == "serverinfo" else { throw AMError.resourceNotFound(request.uri.path) }
            return try ServerInfo.respond(to: request, realm: path.realm, id: path.endpoint[1])
        }
        for method in [HTTPRequest.Method.get, .post] {
            router.on("/am/oauth2/**", method: method) { request, context in
                try await oauth2.respond(to: request, context: context, path: RealmPath.known(request.uri.path, api: .oauth2, also: state.trees.realms))
            }
        }
        router.get("/am/demo/outbox") { _, _ in
            await Outbox.list(state.sentMail)
        }
        router.get("/am/demo/coverage") { _, _ in
            Response.json(await state.coverage.report(of: state.trees))
        }
        router.post("/am/demo/coverage") { request, _ in
            guard request.uri.queryParameters["_action"] == "clear" else {
                throw AMError.badRequest("POST /am/demo/coverage takes _action=clear")
            }
            await state.coverage.clear()
            return Response.json(.object([("cleared", true)]))
        }
        router.get("/am/demo/revocations") { _, _ in
            await Revocations.list(state.revocations)
        }
        DemoIdPPages.add(to: router, provider: state.identityProvider)
        state.pingOne.addRoutes(to: router) { context in String(context.baseURL.dropLast("/am".count)) }
        ResourceRoutes.add(to: router, backend: state.backend)
        for path in ["/am", "/am/demo"] {
            router.get(RouterPath(path)) { _, context in
                Response.text(Banner.text(baseURL: context.baseURL, state: state))
            }
        }
        return router
    }
}
