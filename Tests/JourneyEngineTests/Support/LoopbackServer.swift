import Foundation
import Hummingbird
import Logging
import LoopbackHTTP

/// A tiny server on 127.0.0.1 that answers `/authenticate` badly (wrong body, slow), for the
/// failure tests the demo AM is too well-behaved for.
struct LoopbackServer {
    private let server: RunningServer

    var port: Int { server.port }
    var baseURL: String { "http://127.0.0.1:\(port)/am" }

    static func start(status: Hummingbird.HTTPResponse.Status, body: String, delay: Duration = .zero) async throws -> LoopbackServer {
        try await start { _ in
            try await Task.sleep(for: delay)
            return Response(status: status, headers: [.contentType: "application/json"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
        }
    }

    /// A server whose `/authenticate` answers as `answer` says, given the request's body.
    static func start(answer: @escaping @Sendable (String) async throws -> Response) async throws -> LoopbackServer {
        let router = Router()
        router.post("/am/json/realms/root/authenticate") { request, _ -> Response in
            let body = try await request.body.collect(upTo: 1 << 20)
            return try await answer(String(buffer: body))
        }
        var logger = Logger(label: "loopback")
        logger.logLevel = .critical
        return LoopbackServer(server: try await RunningServer.launch(responder: router.buildResponder(), port: 0, logger: logger))
    }

    func stop() async {
        await server.stop()
    }
}
