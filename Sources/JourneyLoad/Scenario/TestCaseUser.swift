import JourneyEngine
import JourneyProfiles
import JourneyTesting
import Orchestrate

/// A virtual user of a ``TestFileScenario``: runs the cases in turn from its own starting one
/// (with ``TestFileScenario/SignIn/once``, its starting one only: one person, one sign-in).
/// It keeps one journey client and instance per set of options it meets (``KeptClients``),
/// across its iterations, as an app keeps its cookies and stores; a DaVinci flow runs with a
/// client of its own each iteration. An actor: the runner gives it one iteration at a time, and
/// its turn, its clients and what it knows of their sessions are its own.
actor TestCaseUser: VirtualUser {
    /// What a kept client's session is good for.
    private struct Session {
        /// Whether the last iteration with this client left a usable session.
        var signedIn = false
        /// The `--cases` row the session signed in with: with `--sign-in once` the later calls
        /// are that person's, whatever row the iteration was handed.
        var signInVariables: [String: String] = [:]
    }

    private let cases: [PreparedCase]
    private let signIn: TestFileScenario.SignIn
    private let runner = TestRunner()
    private var next: Int
    private var clients = KeptClients()
    private var sessions: [ClientOptions: Session] = [:]

    init(cases: [PreparedCase], first: Int, signIn: TestFileScenario.SignIn) {
        self.cases = cases
        self.next = first
        self.signIn = signIn
    }

    func runIteration(variables: [String: String], pacing: StepPacing) async -> IterationResult {
        let base = cases[next]
        if signIn == .every { next = (next + 1) % cases.count }
        let callsAsSignedIn = signIn == .once && sessions[base.options]?.signedIn == true
        let rowVariables = callsAsSignedIn ? sessions[base.options]?.signInVariables ?? variables : variables
        let prepared = base.with(variables: rowVariables)
        guard case .journey(_, let server, _) = prepared.target else {
            return finished(TestFileScenario.iteration(from: await runner.run(prepared)))
        }
        let kept: KeptClients.Kept
        do {
            kept = try clients.client(for: prepared, server: server)
        } catch {
            let failure = LoadFailure(kind: .expectation, message: TerminalText.line("No client instance: \(error)"))
            return IterationResult(steps: [], outcome: .failure(failure))
        }
        let iteration: IterationResult
        if callsAsSignedIn {
            iteration = TestFileScenario.iteration(from: await KeptSessionRequest(prepared).run(client: kept.client, instance: kept.instance))
        } else {
            iteration = TestFileScenario.iteration(from: await runner.run(prepared, client: kept.client, instance: kept.instance, forceAuth: true))
        }
        if !callsAsSignedIn { sessions[prepared.options, default: Session()].signInVariables = variables }
        sessions[prepared.options, default: Session()].signedIn = iteration.failure == nil
        return finished(iteration)
    }

    /// The iteration, unless the run stopped meanwhile.
    private func finished(_ iteration: IterationResult) -> IterationResult {
        Task.isCancelled ? IterationResult(steps: [], outcome: .cancelled) : iteration
    }
}
