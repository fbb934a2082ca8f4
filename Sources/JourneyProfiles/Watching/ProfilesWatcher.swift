import Configuration
import CoreMetrics
import Foundation
import JourneyEngine
import Synchronization
import SystemPackage

/// Watches the profiles file while the UI runs, with swift-configuration's
/// `ReloadingFileProvider`, and reports each saved version that differs from the last one:
/// every profile resolved on its own (`ProfileCatalog`, so a profile with a bad value is
/// reported with its problems and the others load) from the version the provider read and
/// parsed once (`ProfilesSnapshot`), or what is wrong with the file and where.
///
/// The provider tells its watchers only about versions it could parse; a save that it cannot
/// parse shows as a failed poll in its metrics, which is when this reads the file itself to
/// say what is wrong. A file that cannot be parsed when watching starts is checked again every
/// `pollInterval` until it can.
public struct ProfilesWatcher: Sendable {
    public typealias Outcome = Result<ProfileCatalog.Resolved, OptionErrors>

    public let layers: OptionLayers
    public let flaggedProfile: String?
    public let pollInterval: Duration

    public init(layers: OptionLayers, flaggedProfile: String?, pollInterval: Duration = .milliseconds(500)) {
        self.layers = layers
        self.flaggedProfile = flaggedProfile
        self.pollInterval = pollInterval
    }

    /// Calls `changed` with every outcome that differs from the one before, until the task is
    /// cancelled. `baseline` is the file as the UI started with it; without one, the first
    /// outcome is the baseline and is not reported.
    public func run(from baseline: Outcome? = nil, _ changed: @escaping @Sendable (Outcome) -> Void) async {
        let last = Mutex<String?>(baseline.map(Self.fingerprint))
        let report: @Sendable (Outcome) -> Void = { outcome in
            let fingerprint = Self.fingerprint(outcome)
            let previous = last.withLock { last in
                defer { last = fingerprint }
                return last
            }
            if let previous, previous != fingerprint { changed(outcome) }
        }
        while !Task.isCancelled {
            do {
                try await watch(report)
            } catch {
                // The file could not be parsed when watching (re)started.
                report(check(nil))
                try? await Task.sleep(for: pollInterval)
            }
        }
    }

    private func watch(_ report: @escaping @Sendable (Outcome) -> Void) async throws {
        let failedPolls = FailedPollSignal()
        let path = layers.profilesFile.path
        let provider = try await ReloadingFileProvider<ProfilesSnapshot>(
            parsingOptions: .init(path: path), filePath: FilePath(path), allowMissing: true, pollInterval: pollInterval, metrics: failedPolls)
        failedPolls.onFailure { report(check(nil)) }
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { try await provider.run() }
            try await provider.watchSnapshot { updates in
                for await snapshot in updates {
                    // A missing file is the provider's empty snapshot: no profiles.
                    report(check((snapshot as? ProfilesSnapshot)?.document ?? ProfilesDocument(path: path, profiles: [], text: "")))
                }
            }
        }
    }

    /// Every profile of the version read, resolved; without one, the file is read now.
    private func check(_ document: ProfilesDocument?) -> Outcome {
        do throws(OptionErrors) {
            return .success(try ProfileCatalog.resolveAll(layers, flaggedProfile: flaggedProfile, document: document))
        } catch {
            return .failure(error)
        }
    }

    private static func fingerprint(_ outcome: Outcome) -> String {
        switch outcome {
        case .success(let resolved):
            "ok " + resolved.profiles.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.values.sorted { $0.key.rawValue < $1.key.rawValue })" }.joined(separator: ";")
                + " broken " + resolved.problems.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ";")
        case .failure(let error):
            "failed " + error.description
        }
    }
}

/// A metrics factory that calls back when a reloading provider counts a failed poll (its
/// `…_poll_errors_total` counter), and records nothing else.
private final class FailedPollSignal: MetricsFactory, Sendable {
    private let handler = Mutex<(@Sendable () -> Void)?>(nil)

    func onFailure(_ action: @escaping @Sendable () -> Void) {
        handler.withLock { $0 = action }
    }

    func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler {
        guard label.hasSuffix("_poll_errors_total") else { return NOOPMetricsHandler.instance }
        return FailureCounter { [self] in fire() }
    }

    private func fire() {
        let action = handler.withLock { $0 }
        action?()
    }

    func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler {
        NOOPMetricsHandler.instance
    }

    func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler {
        NOOPMetricsHandler.instance
    }

    func destroyCounter(_ handler: any CounterHandler) {}
    func destroyRecorder(_ handler: any RecorderHandler) {}
    func destroyTimer(_ handler: any TimerHandler) {}

    private final class FailureCounter: CounterHandler, Sendable {
        let failed: @Sendable () -> Void

        init(_ failed: @escaping @Sendable () -> Void) {
            self.failed = failed
        }

        func increment(by amount: Int64) { failed() }
        func reset() {}
    }
}
