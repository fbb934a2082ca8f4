import JourneyTesting

/// `journey load PATHS…`: the cases of `journey test` files as load, with the runner of
/// `journey test`, so every expectation of the test is checked. Each iteration of a virtual user
/// runs the next case in turn (user `n` starts at case `n`); a row of `--cases` replaces the
/// test's variables of the same name. A virtual user keeps one client instance (cookies, stores
/// in memory) per server across its iterations (``TestCaseUser``).
///
/// Steps are named as ``StepTiming`` says: `start` for the request that starts the journey, then
/// the page each later request answered (its stage or header), the last one up to the outcome;
/// with ``SignIn/once``, `token refresh` and `request` for an iteration that only calls the API.
/// A failure's kind comes from how the run ended (``CaseEnding``): AM's refusal is `AM failure`,
/// no answer `timeout` or `connection`, an unexpected status `HTTP <status>`; an expectation not
/// met is `expectation`, on the step it happened on.
public struct TestFileScenario: LoadScenario {
    /// When a virtual user walks the test's journey.
    public enum SignIn: String, Sendable, CaseIterable {
        /// Every iteration walks the journey (with `ForceAuth`), then checks the rest of the test.
        case every
        /// The first iteration walks it, and again whenever the user holds no usable session and
        /// tokens (its last iteration failed); the others only run the test's `expect.request:`.
        case once
    }

    public let cases: [PreparedCase]
    public let signIn: SignIn

    /// Refused with the test named when `signIn` is `once` and a test has no `request:` to repeat.
    public init(cases: [PreparedCase], signIn: SignIn = .every) throws(TestFileScenarioError) {
        precondition(!cases.isEmpty, "a load run needs a case to run")
        if signIn == .once, let bare = cases.first(where: { $0.test.expect.request == nil }) {
            throw TestFileScenarioError(test: bare.test.name, file: bare.test.file, remedy: TestFileScenarioError.remedy(for: bare.target))
        }
        self.cases = cases
        self.signIn = signIn
    }

    public func makeVirtualUser(number: Int) -> any VirtualUser {
        TestCaseUser(cases: cases, first: number % cases.count, signIn: signIn)
    }

    /// The failure's kind: what stopped the exchange it is about (the token request, the API
    /// call), else how the run ended when the outcome is what failed, else `expectation`.
    private static func kind(of failure: TestFailure, ending: CaseEnding?) -> FailureKind {
        if let own = failure.ending { return FailureKind(own) ?? .expectation }
        guard failure.expectation == "outcome", let ending, let kind = FailureKind(ending) else { return .expectation }
        return kind
    }

    /// The case's pages as load steps: each named after the page its request answered.
    public static func iteration(from result: CaseResult) -> IterationResult {
        var names = ["start"] + result.steps.map { $0.stage ?? "step \($0.step)" }
        var durations = result.steps.map(\.duration)
        if let last = result.lastAnswerToOutcome { durations.append(last) } else { names.removeLast() }
        var steps = zip(names, durations).map { StepTiming(name: $0, duration: $1) }
        guard let first = result.failures.first else { return IterationResult(steps: steps, outcome: .success) }
        let failure = LoadFailure(kind: kind(of: first, ending: result.ending), message: first.message)
        if !steps.isEmpty {
            let index = first.step.map { min(max(0, $0 - 1), steps.count - 1) } ?? steps.count - 1
            steps[index].failure = failure
        }
        return IterationResult(steps: steps, outcome: .failure(failure))
    }

    /// An API call with the kept session as load steps: `token refresh` (when the tokens were
    /// renewed, or a renewal failed) and `request`.
    public static func iteration(from call: KeptSessionRequest.Result) -> IterationResult {
        var steps: [StepTiming] = []
        if let renewal = call.renewal { steps.append(StepTiming(name: "token refresh", duration: renewal)) }
        if let request = call.request { steps.append(StepTiming(name: "request", duration: request)) }
        guard let first = call.failures.first else { return IterationResult(steps: steps, outcome: .success) }
        let failure = LoadFailure(kind: kind(of: first, ending: call.renewalEnding), message: first.message)
        if !steps.isEmpty { steps[steps.count - 1].failure = failure }
        return IterationResult(steps: steps, outcome: .failure(failure))
    }
}

/// `--sign-in once` with a test that has nothing to repeat after signing in.
public struct TestFileScenarioError: Error, Sendable, Hashable, CustomStringConvertible {
    public let test: String
    public let file: String
    /// What to do about it, which depends on what the test runs.
    public let remedy: String

    public var description: String {
        "--sign-in once repeats each test's expect.request: after signing in, and the test \(test) (\(file)) has none: \(remedy)"
    }

    /// A journey's test can be given a `request:`; a DaVinci flow's cannot.
    static func remedy(for target: PreparedCase.Target) -> String {
        switch target {
        case .journey: "add a request: to it, or run with --sign-in every."
        case .flow: "a DaVinci flow's test cannot have one, so run it with --sign-in every."
        }
    }
}
