import Foundation

/// One deadline for a whole exchange (connect, TLS, request, response body), shared by the
/// transports: whichever ends first, the exchange or the timeout, decides the result.
enum ExchangeDeadline {
    static func run<Value: Sendable>(
        url: URL, timeout: Duration,
        _ exchange: @escaping @Sendable () async throws(TransportError) -> Value
    ) async throws(TransportError) -> Value {
        let target = TransportFailure.displayURL(url)
        let outcome = await withTaskGroup(of: Result<Value, TransportError>?.self) { group in
            group.addTask {
                do throws(TransportError) {
                    return .success(try await exchange())
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return Task.isCancelled ? nil : .failure(.timedOut(url: target, after: timeout))
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? .failure(.cancelled)
        }
        return try outcome.get()
    }
}
