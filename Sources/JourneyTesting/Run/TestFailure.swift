/// One expectation a run did not meet: which, at which step, what was expected and what came,
/// with what the page or AM showed.
public struct TestFailure: Sendable, Hashable {
    /// The step (1-based) the failure is about; nil for the end of the run.
    public let step: Int?
    /// The key of the expectation (`stage`, `callbacks`, `outcome`, `claims.amr` …).
    public let expectation: String
    public let expected: String
    public let got: String
    /// What helps to see why: the page's callbacks, AM's message. Terminal-safe.
    public let details: [String]
    /// What stopped an exchange after the sign-in (minting tokens, the protected API call) when it
    /// was the server or the network, not an answer the test did not expect: `journey load`
    /// counts the failure by it (HTTP status, timeout, connection). Nil for a mismatch.
    public let ending: CaseEnding?

    public init(step: Int?, expectation: String, expected: String, got: String, details: [String] = [], ending: CaseEnding? = nil) {
        self.step = step
        self.expectation = expectation
        self.expected = expected
        self.got = got
        self.details = details
        self.ending = ending
    }

    /// `step 2: expected stage `OTP`, got `UsernamePassword``.
    public var message: String {
        (step.map { "step \($0): " } ?? "") + "expected \(expectation) `\(expected)`, got `\(got)`"
    }
}

/// How long one page took to arrive after the answer before it was sent.
public struct StepTiming: Sendable, Hashable {
    /// 1-based, as in the test file.
    public let step: Int
    public let stage: String?
    public let duration: Duration
}

/// The result of one test case.
public struct CaseResult: Sendable {
    public let test: String
    public let file: String
    /// The case's values (`user=alice`), nil for a test without cases.
    public let caseLabel: String?
    public let duration: Duration
    public let steps: [StepTiming]
    /// From sending the last page's answers to the outcome (AM's success or failure); nil when
    /// the run stopped before one came.
    public var lastAnswerToOutcome: Duration? = nil
    /// How the journey or flow ended at the server; nil when the run stopped before (a page
    /// that differed from the test, a cancelled run).
    public var ending: CaseEnding? = nil
    public let failures: [TestFailure]
    /// The HTTP exchanges of the run, secrets redacted, one line each.
    public let trace: [String]

    public var passed: Bool { failures.isEmpty }

    /// The test's name with its case: `Sign in [user=alice]`.
    public var displayName: String {
        test + (caseLabel.map { " [\($0)]" } ?? "")
    }
}
