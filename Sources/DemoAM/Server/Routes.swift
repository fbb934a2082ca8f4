import Hummingbird

/// The demo AM's routes, all under the `/am` context path.
enum Routes {
    static func router(state: ServerState) -> Router<DemoRequestContext> {
        let router = Router(context: DemoRequestContext.self)
        router.add(middleware: AMErrorMiddleware())
        let authenticate = Authenticate(state: state)
        let sessions = Sessions(state: state)
        let oauth2 = OAuth2(state: state)
        router.post("/am/json/realms/**") { request, context in
            let path = try RealmPath.known(request.uri.path, api: .json)
            switch path.endpoint {
            case ["authenticate"]:
                return await authenticate.respond(to: request, context: context, realm: path.realm)
            case ["sessions"]:
                return await sessions.respond(to: request, realm: path.realm)
            default:
                throw AMError.resourceNotFound(request.uri.path)
            }
        }
        for method in [HTTPRequest.Method.get, .post] {
            router.on("/am/oauth2/**", method: method) { request, context in
                try await oauth2.respond(to: request, context: context, path: RealmPath.known(request.uri.path, api: .oauth2))
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
