import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle

/// A Hummingbird application (HTTP or HTTPS) running in a task on 127.0.0.1, and the means to
/// stop it: how the demo AM, the demo PingOne, the HAR replay and the tests' own servers listen.
public struct RunningServer: Sendable {
    /// The port the server is bound to.
    public let port: Int
    private let group: ServiceGroup
    private let task: Task<Void, Never>

    /// The port could not be listened on (taken, or not allowed), and why.
    public struct CannotListen: Error {
        public let port: Int
        public let reason: String
    }

    /// Starts the server and returns once it accepts connections, or throws if it cannot bind.
    /// `server` is Hummingbird's channel setup: plain HTTP/1.1 unless told otherwise (TLS).
    /// The framework's own info lines ("Server started…") are left out of `logger`; its
    /// warnings and errors still show.
    public static func launch<Context: RequestContext>(
        responder: some HTTPResponder<Context>, server: HTTPServerBuilder = .http1(), port: Int, logger: Logger
    ) async throws(CannotListen) -> RunningServer where Context.Source == ApplicationRequestContextSource {
        var frameworkLogger = logger
        frameworkLogger.logLevel = max(logger.logLevel, .notice)
        let (bound, binding) = AsyncThrowingStream<Int, any Error>.makeStream()
        let application = Application(
            responder: responder,
            server: server,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port)),
            onServerRunning: { channel in
                binding.yield(channel.localAddress?.port ?? port)
                binding.finish()
            },
            logger: frameworkLogger
        )
        let group = ServiceGroup(services: [application], logger: frameworkLogger)
        let task = Task {
            do {
                try await group.run()
                binding.finish()
            } catch {
                binding.finish(throwing: error)
            }
        }
        do {
            for try await boundPort in bound {
                return RunningServer(port: boundPort, group: group, task: task)
            }
            throw CancellationError()
        } catch {
            await task.value
            throw CannotListen(port: port, reason: (error as? IOError).map { String(cString: strerror($0.errnoCode)) } ?? "\(error)")
        }
    }

    /// Shuts the server down gracefully and waits until it has.
    public func stop() async {
        await group.triggerGracefulShutdown()
        await task.value
    }
}
