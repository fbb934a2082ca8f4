import Hummingbird
import HummingbirdCore
import Logging
import LoopbackHTTP

extension RunningServer {
    /// ``RunningServer/launch(responder:server:port:logger:)`` for the demo servers: a port
    /// that cannot be listened on is ``DemoAMError/cannotListen(port:reason:)``.
    static func launchDemo(
        responder: some HTTPResponder<DemoRequestContext>, server: HTTPServerBuilder = .http1(), port: Int, logger: Logger
    ) async throws(DemoAMError) -> RunningServer {
        do {
            return try await launch(responder: responder, server: server, port: port, logger: logger)
        } catch {
            throw .cannotListen(port: error.port, reason: error.reason)
        }
    }
}
