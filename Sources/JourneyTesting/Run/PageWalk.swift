import Foundation
import JourneyEngine
import Orchestrate

/// The answer function of one journey walk: checks each page against the test's next step,
/// times it, and answers it; waits on polling pages; hands a suspended journey its resume link.
/// A page that differs ends the walk (``StepLedger/Stop``) with its failures noted.
final class PageWalk {
    /// The journey was suspended: go on with this link.
    struct Resume: Error {
        let link: ResumeLink
    }

    private let prepared: PreparedCase
    private let secrets: SecretValues
    let ledger: StepLedger
    private var polls = 0
    /// More polls than this end the walk: nobody is going to approve.
    static let pollLimit = 300

    init(prepared: PreparedCase, secrets: SecretValues) {
        self.prepared = prepared
        self.secrets = secrets
        ledger = StepLedger(steps: prepared.test.steps)
    }

    private var steps: [StepExpectation] { prepared.test.steps }
    private var taken: Int { ledger.taken }

    /// The answered page, or nil to keep waiting on a polling page.
    func answer(_ original: JourneyStep) async throws -> JourneyStep? {
        let elapsed = ledger.elapsed
        var step = original
        let stage = step.stage ?? step.header
        if step.pollingDelay != nil {
            polls += 1
            guard polls <= Self.pollLimit else { throw stop(TestFailure(step: taken, expectation: "steps", expected: "the wait to end",
                                                                   got: "\(Self.pollLimit) polls", details: PageCheck.details(of: step))) }
            let isNext = taken < steps.count && steps[taken].stage.map { $0 == step.stage || $0 == step.header } == true
            // A polling page the test does not name next is waited on.
            guard isNext else { return nil }
            try take(step, elapsed: elapsed)
            guard !steps[taken - 1].answers.isEmpty else { return nil }
        } else {
            try ledger.expectMore(stage: stage.map(TerminalText.line), details: PageCheck.details(of: step))
            try take(step, elapsed: elapsed)
        }
        let expected = steps[taken - 1]
        if step.isSuspended {
            throw Resume(link: try await resumeLink(for: expected, page: step))
        }
        let answers: [(name: String, value: TestTemplate)]
        do {
            answers = try await StepAnswers.resolve(expected, scope: prepared.scope, secrets: secrets)
        } catch {
            throw stop(error.failure(step: taken, details: PageCheck.details(of: step)))
        }
        do {
            try PageAnswers.fill(&step, from: PageAnswers.book(answers, scope: prepared.scope, secrets: secrets), secrets: secrets)
        } catch {
            throw stop(TestFailure(step: taken, expectation: error.expectation, expected: error.expected, got: error.got,
                                   details: PageCheck.details(of: step)))
        }
        ledger.sent()
        return step
    }

    /// Checks the page against the next step and times it.
    private func take(_ step: JourneyStep, elapsed: Duration) throws {
        try ledger.take(stage: step.stage ?? step.header, failures: PageCheck.failures(of: step, against: steps[taken], number: taken + 1),
                        elapsed: elapsed)
    }

    private func resumeLink(for expected: StepExpectation, page: JourneyStep) async throws -> ResumeLink {
        let text: String
        switch expected.resume {
        case .link(let link):
            text = link.render(in: prepared.scope, secrets: secrets)
        case .command(let command):
            do {
                text = try await ShellCommand.lastLine(of: command, scope: prepared.scope, secrets: secrets)
            } catch {
                throw stop(TestFailure(step: taken, expectation: "resume.command", expected: "a link on its output", got: "\(error)"))
            }
        case nil:
            throw stop(TestFailure(step: taken, expectation: "resume", expected: "a resume link for the suspended journey",
                                   got: "none (add resume: to the step)", details: PageCheck.details(of: page)))
        }
        secrets.note(text)
        do {
            return try ResumeLink(link: text)
        } catch {
            throw stop(TestFailure(step: taken, expectation: "resume", expected: "a resume link", got: "\(error)"))
        }
    }

    private func stop(_ failure: TestFailure) -> StepLedger.Stop {
        ledger.stop(failure)
    }
}
