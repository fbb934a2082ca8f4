import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// A tiny server on 127.0.0.1 that answers `/authenticate` badly (wrong body, slow), for the
/// failure tests the demo AM is too well-behaved for.
struct LoopbackServer {
    let port: Int
    private let group: ServiceGroup
    private let task: Task<Void, Never>

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
        let (bound, binding) = AsyncStream<Int>.makeStream()
        var logger = Logger(label: "loopback")
        logger.logLevel = .critical
        let application = Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                binding.yield(channel.localAddress?.port ?? 0)
                binding.finish()
            },
            logger: logger)
        let group = ServiceGroup(services: [application], logger: logger)
        let task = Task { _ = try? await group.run() }
        var iterator = bound.makeAsyncIterator()
        guard let port = await iterator.next() else { throw CancellationError() }
        return LoopbackServer(port: port, group: group, task: task)
    }

    func stop() async {
        await group.triggerGracefulShutdown()
        await task.value
    }
}
