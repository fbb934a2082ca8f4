import Foundation
import JourneyEngine
import Logging
import Orchestrate

/// Runs one test case: walks its journey with a client instance, checking each page, then the
/// end (outcome, message, time), the tokens' claims and a protected API call. `journey test`
/// runs each case with a new instance whose stores live in memory; `journey load` gives its own.
public struct TestRunner: Sendable {
    public init() {}

    /// Runs the case with a new client instance (in-memory stores, nothing written to disk).
    public func run(_ prepared: PreparedCase) async -> CaseResult {
        let trace = RunTrace()
        let client = JourneyClient(server: prepared.server, transport: HTTPTransports.make(for: prepared.options.common),
                                   logger: Logger(label: "journeyterm.test", factory: { _ in SwiftLogNoOpLogHandler() }),
                                   wireTap: trace.tap)
        do {
            let instance = try ClientInstance(name: "journey-test", backend: MemoryRecordStore(), options: prepared.options.journey)
            return await run(prepared, client: client, instance: instance, trace: trace)
        } catch {
            return CaseResult(test: prepared.test.name, file: prepared.test.file, caseLabel: prepared.caseLabel, duration: .zero, steps: [],
                              failures: [TestFailure(step: nil, expectation: "instance", expected: "a client instance", got: "\(error)")],
                              trace: [])
        }
    }

    /// Runs the case with the given client and instance; `trace` is the one the client's wire
    /// tap fills, for the report of a failure.
    public func run(_ prepared: PreparedCase, client: JourneyClient, instance: ClientInstance, trace: RunTrace? = nil) async -> CaseResult {
        let secrets = SecretValues()
        let started = ContinuousClock.now
        let walk = PageWalk(prepared: prepared, secrets: secrets)
        let expect = prepared.test.expect
        var failures: [TestFailure] = []
        let ending = await self.walk(prepared, client: client, pages: walk)
        failures += walk.failures
        let duration = ContinuousClock.now - started
        if walk.failures.isEmpty {
            failures += EndCheck.failures(of: ending, expect: expect, steps: prepared.test.steps, taken: walk.taken)
        }
        if let within = expect.within, duration > within {
            failures.append(TestFailure(step: nil, expectation: "within", expected: "≤ \(within.shortText)", got: duration.shortText))
        }
        if failures.isEmpty, case .success(let success) = ending, !expect.claims.isEmpty || expect.request != nil {
            let afterwards = SignedInChecks(prepared: prepared, client: client, instance: instance, secrets: secrets)
            failures += await afterwards.failures(after: success)
        }
        return CaseResult(test: prepared.test.name, file: prepared.test.file, caseLabel: prepared.caseLabel,
                          duration: ContinuousClock.now - started, steps: walk.timings, failures: failures,
                          trace: failures.isEmpty ? [] : trace?.lines(hiding: secrets) ?? [])
    }

    /// Walks the journey, resuming it when it is suspended; nil when a page differed.
    private func walk(_ prepared: PreparedCase, client: JourneyClient, pages: PageWalk) async -> Result<LoginSuccess, JourneyError>? {
        var request = JourneyRequest(.journey(prepared.journey))
        while true {
            do {
                return .success(try await client.walk(request) { step in try await pages.answer(step) })
            } catch let resume as PageWalk.Resume {
                request = JourneyRequest(.resume(resume.link))
            } catch let error as JourneyError {
                return .failure(error)
            } catch is PageWalk.Stop {
                return nil
            } catch {
                return .failure(.cancelled)
            }
        }
    }
}
