import JourneyEngine
import JourneyProfiles
import JourneyTesting
import Orchestrate

/// A virtual user of a ``TestFileScenario``: runs the cases in turn from its own starting one
/// (with ``TestFileScenario/SignIn/once``, its starting one only: one person, one sign-in).
/// It keeps one journey client and instance (stores in memory) per set of options it meets,
/// across its iterations, as an app keeps its cookies and stores; a DaVinci flow runs with a
/// client of its own each iteration.
final class TestCaseUser: VirtualUser, @unchecked Sendable {
    /// A client and instance kept across iterations, and whether they hold a usable session.
    private final class KeptClient {
        let client: JourneyClient
        let instance: ClientInstance
        var signedIn = false
        /// The `--cases` row the session signed in with: with `--sign-in once` the later calls
        /// are that person's, whatever row the iteration was handed.
        var signInVariables: [String: String] = [:]

        init(client: JourneyClient, instance: ClientInstance) {
            self.client = client
            self.instance = instance
        }
    }

    private let cases: [PreparedCase]
    private let signIn: TestFileScenario.SignIn
    private let runner = TestRunner()
    // One iteration at a time (the runner's promise), so what follows needs no lock.
    private var next: Int
    private var kept: [ClientOptions: KeptClient] = [:]

    init(cases: [PreparedCase], first: Int, signIn: TestFileScenario.SignIn) {
        self.cases = cases
        self.next = first
        self.signIn = signIn
    }

    func runIteration(variables: [String: String], pacing: StepPacing) async -> IterationResult {
        let base = cases[next]
        if signIn == .every { next = (next + 1) % cases.count }
        let callsAsSignedIn = signIn == .once && kept[base.options]?.signedIn == true
        let rowVariables = callsAsSignedIn ? kept[base.options]?.signInVariables ?? variables : variables
        let prepared = base.with(variables: rowVariables)
        guard case .journey(_, let server, _) = prepared.target else {
            return finished(TestFileScenario.iteration(from: await runner.run(prepared)))
        }
        let user: KeptClient
        if let existing = kept[prepared.options] {
            user = existing
        } else {
            do {
                let instance = try ClientInstance(name: "journey-load", backend: MemoryRecordStore(), options: prepared.options.journey)
                user = KeptClient(client: JourneyClient(server: server, transport: HTTPTransports.make(for: prepared.options.common)),
                                  instance: instance)
            } catch {
                let failure = LoadFailure(kind: .expectation, message: TerminalText.line("No client instance: \(error)"))
                return IterationResult(steps: [], outcome: .failure(failure))
            }
            kept[prepared.options] = user
        }
        let iteration: IterationResult
        if callsAsSignedIn {
            iteration = TestFileScenario.iteration(from: await KeptSessionRequest(prepared).run(client: user.client, instance: user.instance))
        } else {
            iteration = TestFileScenario.iteration(from: await runner.run(prepared, client: user.client, instance: user.instance, forceAuth: true))
        }
        if !callsAsSignedIn { user.signInVariables = variables }
        user.signedIn = iteration.failure == nil
        return finished(iteration)
    }

    /// The iteration, unless the run stopped meanwhile.
    private func finished(_ iteration: IterationResult) -> IterationResult {
        Task.isCancelled ? IterationResult(steps: [], outcome: .cancelled) : iteration
    }
}
