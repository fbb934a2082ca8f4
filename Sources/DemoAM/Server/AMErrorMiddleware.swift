import Hummingbird

/// Turns Hummingbird's own errors (unknown route, body too large) into AM-style bodies.
struct AMErrorMiddleware: RouterMiddleware {
    func handle(_ request: Request, context: DemoRequestContext, next: (Request, DemoRequestContext) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            throw AMError.resourceNotFound(request.uri.path)
        } catch let error as HTTPError {
            throw AMError(error)
        }
    }
}
