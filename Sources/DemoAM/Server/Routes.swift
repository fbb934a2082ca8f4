import Hummingbird

/// The demo AM's routes, all under the `/am` context path.
enum Routes {
    static func router(state: ServerState) -> Router<DemoRequestContext> {
        let router = Router(context: DemoRequestContext.self)
        router.add(middleware: AMErrorMiddleware())
        let authenticate = Authenticate(state: state)
        let sessions = Sessions(state: state)
        router.post("/am/json/realms/**") { request, context in
            guard let path = RealmPath(request.uri.path) else { throw AMError.resourceNotFound(request.uri.path) }
            guard RealmPath.knownRealms.contains(path.realm) else {
                throw AMError.notFound("Realm \(path.realm) not found: the demo AM has the realms \(RealmPath.knownRealms.joined(separator: " and "))")
            }
            switch path.endpoint {
            case ["authenticate"]:
                return await authenticate.respond(to: request, context: context, realm: path.realm)
            case ["sessions"]:
                return await sessions.respond(to: request, realm: path.realm)
            default:
                throw AMError.resourceNotFound(request.uri.path)
            }
        }
        router.get("/am/demo/outbox") { _, _ in
            await Outbox.list(state.sentMail)
        }
        for path in ["/am", "/am/demo"] {
            router.get(RouterPath(path)) { _, context in
                Response.text(Banner.text(baseURL: context.baseURL))
            }
        }
        return router
    }
}
