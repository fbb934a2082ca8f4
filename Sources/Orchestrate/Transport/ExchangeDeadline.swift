import Foundation
import NIOCore
import NIOPosix

/// One deadline for a whole exchange (connect, TLS, request, response body) made on SwiftNIO
/// directly (the pinned TLS transport, the server-chain probe): whichever ends first, the
/// exchange or the timeout, decides the result. `AsyncHTTPTransport` gives the deadline to
/// async-http-client instead.
enum ExchangeDeadline {
    static func run<Value: Sendable>(
        url: URL, timeout: Duration,
        _ exchange: @escaping @Sendable () async throws(TransportError) -> Value
    ) async throws(TransportError) -> Value {
        let outcome = await withTaskGroup(of: Result<Value, TransportError>?.self) { group in
            group.addTask {
                do throws(TransportError) {
                    return .success(try await exchange())
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                await elapse(timeout) ? .failure(.timedOut(url: TransportFailure.displayURL(url), after: timeout)) : nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? .failure(.cancelled)
        }
        return try outcome.get()
    }

    /// Waits `timeout` on an event loop's timer; false when cancelled first. Cancelling takes the
    /// timer off the loop at once, where a cancelled `Task.sleep` keeps its timer, and the memory
    /// of its task, until the deadline: with one deadline per request, a load run would hold
    /// every exchange of the last `timeout` (swiftlang/swift#60441).
    private static func elapse(_ timeout: Duration) async -> Bool {
        let nanoseconds = timeout / .nanoseconds(1)
        let delay = TimeAmount.nanoseconds(nanoseconds < Double(Int64.max) ? Int64(nanoseconds) : .max)
        let timer = MultiThreadedEventLoopGroup.singleton.any().scheduleTask(in: delay) {}
        return await withTaskCancellationHandler {
            (try? await timer.futureResult.get()) != nil && !Task.isCancelled
        } onCancel: {
            timer.cancel()
        }
    }
}
