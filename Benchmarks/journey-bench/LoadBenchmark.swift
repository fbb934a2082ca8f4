import Foundation
import JourneyEngine

#if canImport(Glibc)
import Glibc
import Orchestrate
#endif

/// `journey-bench load --url URL [--clients N] [--journeys M]`: N headless clients (each its own
/// instance: its own cookie jar and journey state) walk the Login journey M times in all, at
/// once, against a separate `journey serve`. Reports errors, journeys/s, p50/p99 and the peak
/// memory of this process and, with `--server-pid`, of the server.
func benchmarkLoad(url: String, clients count: Int, journeys: Int, serverPID: Int32?) async throws {
    let server = try ServerConfiguration(url: url, timeout: .seconds(60))
    let clients = (0..<count).map { _ in JourneyClient(server: server) }
    let clock = ContinuousClock()
    let started = clock.now
    let outcomes = await withTaskGroup(of: [Result<Duration, any Error>].self) { group in
        for index in clients.indices {
            let share = journeys / count + (index < journeys % count ? 1 : 0)
            let client = clients[index]
            group.addTask {
                var results: [Result<Duration, any Error>] = []
                for _ in 0..<share {
                    let begun = clock.now
                    do {
                        _ = try await runLogin(client, server: server)
                        results.append(.success(clock.now - begun))
                    } catch {
                        results.append(.failure(error))
                    }
                }
                return results
            }
        }
        return await group.reduce(into: []) { $0 += $1 }
    }
    let elapsed = (clock.now - started).inSeconds
    let latencies = outcomes.compactMap { try? $0.get().inMilliseconds }.sorted()
    let errors = outcomes.compactMap { outcome -> String? in
        if case .failure(let error) = outcome { return String(describing: error) }
        return nil
    }
    func percentile(_ p: Double) -> Double {
        latencies.isEmpty ? .nan : latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))]
    }
    print("load: Login × \(outcomes.count), \(count) concurrent clients against \(url)")
    print("  errors: \(errors.count)" + (errors.first.map { " (first: \($0))" } ?? ""))
    print("  \(format(Double(latencies.count) / elapsed, 0)) journeys/s; latency p50 \(format(percentile(0.5), 1)) ms, p99 \(format(percentile(0.99), 1)) ms")
    print("  peak memory: this process \(format(peakMemoryMiB())) MiB"
          + (serverPID.flatMap(peakMemoryMiB(ofProcess:)).map { ", journey serve \(format($0)) MiB" } ?? ""))
}

/// The peak resident memory of another process (`VmHWM` in `/proc/PID/status`), in MiB.
func peakMemoryMiB(ofProcess pid: Int32) -> Double? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return nil }
    return kilobytes / 1024
}
