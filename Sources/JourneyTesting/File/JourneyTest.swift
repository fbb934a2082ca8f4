import Foundation
import JourneyProfiles
import Orchestrate

/// One test of a test file: what to start (a journey with a profile or options), the pages
/// expected on the way with their answers, and what the end must be. See docs/testing.md.
public struct JourneyTest: Sendable {
    public var name: String
    /// Where the test is written, for reports.
    public var file: String
    public var line: Int
    /// A profiles.yaml profile.
    public var profile: String?
    /// Options given inline (`url:`, `realm:` …), each a template.
    public var options: [OptionKey: TestTemplate] = [:]
    /// The journey (authIndexValue); nil runs the options' `authServiceName`.
    public var journey: TestTemplate?
    /// For a DaVinci profile: the flow policy to run, or `default` (the application's).
    public var flow: String?
    /// The test's variables, in the order written.
    public var variables: [(name: String, value: TestTemplate)] = []
    /// Variables whose values are hidden in reports besides those ``SecretNames`` finds:
    /// named by `secrets:`, or written `{secret: VALUE}` in `vars:` or a case.
    public var secretVariables: Set<String> = []
    public var steps: [StepExpectation] = []
    public var expect = Expectation()
    /// The test runs once per case, each case's variables over `variables`; none runs it once.
    public var cases: [TestCaseValues] = []

    public init(name: String, file: String, line: Int) {
        self.name = name
        self.file = file
        self.line = line
    }
}

/// The variables of one `cases:` entry.
public struct TestCaseValues: Sendable {
    public var line: Int
    public var values: [(name: String, value: TestTemplate)]

    /// `case 2: user=alice, password=‹redacted›`: the case's name in reports, its secret
    /// variables' values hidden (`number` counts the cases from 1).
    public func label(number: Int, secret: (String) -> Bool) -> String {
        "case \(number)" + (values.isEmpty ? "" : ": ") + values.map { name, value in
            "\(name)=" + (secret(name) ? Redaction.marker : value.description)
        }.joined(separator: ", ")
    }
}

/// One page of the journey (a form of a DaVinci flow): what it must show and how to answer it.
public struct StepExpectation: Sendable {
    public var line: Int
    /// The page's stage, or its header; a DaVinci form's name.
    public var stage: String?
    /// The callback types of the page (a form's collector types), all of them, in order.
    public var callbacks: [String]?
    /// Callback types the page has, in this order, others allowed between.
    public var contains: [String]?
    /// The prompts of the callbacks that ask for something, in order.
    public var prompts: [String]?
    /// Answers by prompt, callback type, input name (`IDToken1`) or attribute, as `--answer` takes them.
    public var answers: [(name: String, value: TestTemplate)] = []
    /// Answers written `{command: SHELL}`: the command runs when the page arrives, and the last
    /// line it prints is the answer (a code from an outbox).
    public var answerCommands: [(name: String, command: ShellCommandText)] = []
    /// The longest the page may take to arrive after the previous answer was sent.
    public var within: Duration?
    /// Where the link that resumes a suspended journey comes from.
    public var resume: ResumeSource?

    public init(line: Int) {
        self.line = line
    }
}

/// The link that resumes a suspended journey (an email's magic link).
public enum ResumeSource: Sendable {
    /// The link itself, e.g. `${env:LINK}`.
    case link(TestTemplate)
    /// A shell command whose output's last line is the link, run when the journey is suspended.
    case command(ShellCommandText)
}

/// How the journey must end.
public struct Expectation: Sendable {
    public enum Outcome: String, Sendable {
        case success, failure
    }

    public var outcome: Outcome = .success
    /// Text AM's failure message contains.
    public var message: String?
    /// The longest the whole run may take.
    public var within: Duration?
    /// ID or access token claims and their expected values.
    public var claims: [(name: String, value: ExpectedClaim)] = []
    public var request: RequestExpectation?

    public init() {}
}

/// A claim's expected value: one value, or a list the claim holds exactly (in any order).
public enum ExpectedClaim: Sendable, Hashable, CustomStringConvertible {
    case value(String)
    case list([String])

    public var description: String {
        switch self {
        case .value(let value): value
        case .list(let items): "[" + items.joined(separator: ", ") + "]"
        }
    }
}

/// A protected API to call after sign-in with the instance's credentials.
public struct RequestExpectation: Sendable {
    public var line: Int
    public var url: TestTemplate
    public var method = "GET"
    public var body: TestTemplate?
    /// Answers for the step-up or transaction pages the call meets.
    public var answers: [(name: String, value: TestTemplate)] = []
    /// The status the API must answer with; nil takes any 2xx.
    public var status: Int?

    public init(line: Int, url: TestTemplate) {
        self.line = line
        self.url = url
    }
}
