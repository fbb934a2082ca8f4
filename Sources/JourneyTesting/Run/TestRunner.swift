import DaVinci
import Foundation
import JourneyEngine
import Logging
import Orchestrate

/// Runs one test case: walks its journey (or DaVinci flow) with a client, checking each page,
/// then the end (outcome, message, time), the tokens' claims and a protected API call.
/// `journey test` runs each case with a new client whose stores live in memory; `journey load`
/// gives its own client and instance.
public struct TestRunner: Sendable {
    public init() {}

    private static let quiet = Logger(label: "journeyterm.test", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Runs the case with a new client (for a journey, a new instance with in-memory stores:
    /// nothing is written to disk).
    public func run(_ prepared: PreparedCase) async -> CaseResult {
        let trace = RunTrace()
        let transport = HTTPTransports.make(for: prepared.options.common)
        switch prepared.target {
        case .journey(_, let server, _):
            let client = JourneyClient(server: server, transport: transport, logger: Self.quiet, wireTap: trace.tap)
            do {
                let instance = try ClientInstance(name: "journey-test", backend: MemoryRecordStore(), options: prepared.options.journey)
                return await run(prepared, client: client, instance: instance, trace: trace)
            } catch {
                return Self.result(prepared, failures: [TestFailure(step: nil, expectation: "instance", expected: "a client instance", got: "\(error)")],
                                   ending: .error("\(error)"))
            }
        case .flow(let configuration):
            let client = DaVinciClient(configuration: configuration, transport: transport, logger: Self.quiet, wireTap: trace.tap)
            return await run(prepared, flowClient: client, trace: trace)
        }
    }

    /// Runs a journey's case with the given client and instance; `trace` is the one the
    /// client's wire tap fills, for the report of a failure. With `forceAuth` the journey is
    /// walked even when the client holds a session (a load run's virtual user signing in again).
    public func run(_ prepared: PreparedCase, client: JourneyClient, instance: ClientInstance, trace: RunTrace? = nil,
                    forceAuth: Bool = false) async -> CaseResult {
        guard case .journey(let journey, _, let oauth) = prepared.target else {
            return Self.result(prepared, failures: [TestFailure(step: nil, expectation: "journey", expected: "a journey", got: "a DaVinci flow")],
                               ending: nil)
        }
        let secrets = SecretValues()
        let started = ContinuousClock.now
        let pages = PageWalk(prepared: prepared, secrets: secrets)
        var request = JourneyRequest(.journey(journey), forceAuth: forceAuth)
        var ending: CaseEnding?
        var signedIn: LoginSuccess?
        while true {
            do {
                signedIn = try await client.walk(request) { step in try await pages.answer(step) }
                // Hidden from every report of the run, whatever the checks find next.
                signedIn?.tokenId.map(secrets.note)
                ending = .success
            } catch let resume as PageWalk.Resume {
                request = JourneyRequest(.resume(resume.link))
                continue
            } catch let error as JourneyError {
                ending = CaseEnding(error)
            } catch {
                ending = error is StepLedger.Stop ? nil : .error("\(error)")
            }
            break
        }
        return await finish(prepared, started: started, ledger: pages.ledger, ending: ending, secrets: secrets, trace: trace) {
            guard let signedIn else { return [] }
            return await SignedInChecks(prepared: prepared, client: client, instance: instance, oauth: oauth, secrets: secrets)
                .failures(after: signedIn)
        }
    }

    /// Runs a DaVinci flow's case with the given client.
    public func run(_ prepared: PreparedCase, flowClient client: DaVinciClient, trace: RunTrace? = nil) async -> CaseResult {
        let secrets = SecretValues()
        let started = ContinuousClock.now
        let forms = FlowWalk(prepared: prepared, secrets: secrets)
        var ending: CaseEnding?
        var minted: MintedTokens?
        do {
            let endpoints = try await client.discover()
            minted = try await client.walk(endpoints, answer: { step in try await forms.answer(step) }).minted
            minted.map { [$0.tokens.accessToken, $0.tokens.refreshToken, $0.tokens.idToken].compactMap { $0 }.forEach(secrets.note) }
            ending = .success
        } catch let error as DaVinciError {
            ending = CaseEnding(error)
        } catch {
            ending = error is StepLedger.Stop ? nil : .error("\(error)")
        }
        return await finish(prepared, started: started, ledger: forms.ledger, ending: ending, secrets: secrets, trace: trace) {
            guard let tokens = minted?.tokens else { return [] }
            return ClaimCheck.failures(prepared.test.expect.claims, tokens: tokens)
        }
    }

    /// The end checks, the run's time, then (when all is well so far) what needs the signed-in
    /// session: claims and the API call.
    private func finish(_ prepared: PreparedCase, started: ContinuousClock.Instant, ledger: StepLedger, ending: CaseEnding?,
                        secrets: SecretValues, trace: RunTrace?, signedIn: () async -> [TestFailure]) async -> CaseResult {
        let expect = prepared.test.expect
        let lastAnswerToOutcome = ending == nil ? nil : ledger.elapsed
        var failures = ledger.failures
        if failures.isEmpty { failures += EndCheck.failures(of: ending, expect: expect, steps: prepared.test.steps, taken: ledger.taken) }
        if failures.isEmpty { failures += await signedIn() }
        let duration = ContinuousClock.now - started
        if let within = expect.within, duration > within {
            failures.append(TestFailure(step: nil, expectation: "within", expected: "≤ \(within.shortText)", got: duration.shortText))
        }
        // Every report of the case (its name, what a failure quotes, the trace) hides the run's secrets.
        let shown = failures.map { $0.hiding(secrets) }
        return CaseResult(test: prepared.test.name, file: prepared.test.file, caseLabel: prepared.caseLabel.map { secrets.hidden(in: $0) }, duration: duration,
                          steps: ledger.timings, lastAnswerToOutcome: lastAnswerToOutcome, ending: ending, failures: shown,
                          trace: failures.isEmpty ? [] : trace?.lines(hiding: secrets) ?? [])
    }

    private static func result(_ prepared: PreparedCase, failures: [TestFailure], ending: CaseEnding?) -> CaseResult {
        CaseResult(test: prepared.test.name, file: prepared.test.file, caseLabel: prepared.caseLabel, duration: .zero, steps: [],
                   ending: ending, failures: failures, trace: [])
    }
}
