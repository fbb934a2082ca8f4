import Hummingbird

/// The resource server's routes, on the demo AM's port but outside `/am`: `/api/…` and `/ig/transfer`.
enum ResourceRoutes {
    static func add(to router: Router<DemoRequestContext>, backend: AMBackend) {
        let api = DemoAPI(backend: backend)
        let gateway = IdentityGateway(backend: backend)
        router.get("/api/profile") { request, _ in await api.profile(request) }
        router.get("/api/balance") { request, _ in await api.balance(request) }
        router.post("/api/transfer") { request, context in await api.transfer(request, context: context) }
        for method in [HTTPRequest.Method.get, .post] {
            router.on("/ig/transfer", method: method) { request, context in await gateway.transfer(request, context: context) }
            router.on(RouterPath(DemoAPI.relayPath), method: method) { request, context in await api.relayedTransfer(request, context: context) }
            router.on("/api/**", method: method) { request, _ in
                Response.json(
                    .object([("error", "not_found"), ("error_description", .string("No API at \(request.uri.path): there are /api/profile, /api/balance, /api/transfer and /api/relay/transfer"))]),
                    status: .notFound
                )
            }
        }
    }
}
