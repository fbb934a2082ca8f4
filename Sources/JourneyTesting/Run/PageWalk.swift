import Foundation
import JourneyEngine
import Orchestrate

/// The answer function of one journey walk: checks each page against the test's next step,
/// times it, and answers it; waits on polling pages; hands a suspended journey its resume link.
/// A page that differs ends the walk (``Stop``) with its failures noted.
final class PageWalk {
    /// The walk ended because a page differed from the test; the failures are in ``failures``.
    struct Stop: Error {}
    /// The journey was suspended: go on with this link.
    struct Resume: Error {
        let link: ResumeLink
    }

    private let prepared: PreparedCase
    private let secrets: SecretValues
    private let clock = ContinuousClock()
    /// The steps of the test taken so far.
    private(set) var taken = 0
    private(set) var failures: [TestFailure] = []
    private(set) var timings: [StepTiming] = []
    private var lastSent: ContinuousClock.Instant
    private var polls = 0
    /// More polls than this end the walk: nobody is going to approve.
    static let pollLimit = 300

    init(prepared: PreparedCase, secrets: SecretValues) {
        self.prepared = prepared
        self.secrets = secrets
        lastSent = clock.now
    }

    private var steps: [StepExpectation] { prepared.test.steps }

    /// The answered page, or nil to keep waiting on a polling page.
    func answer(_ original: JourneyStep) async throws -> JourneyStep? {
        let elapsed = clock.now - lastSent
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
            guard taken < steps.count else {
                throw stop(TestFailure(step: taken + 1, expectation: "steps", expected: "the journey to end after \(steps.count) pages",
                                       got: "another page (stage \(TerminalText.line(stage ?? "none")))", details: PageCheck.details(of: step)))
            }
            try take(step, elapsed: elapsed)
        }
        let expected = steps[taken - 1]
        if step.isSuspended {
            throw Resume(link: try await resumeLink(for: expected, page: step))
        }
        do {
            try PageAnswers.fill(&step, from: PageAnswers.book(expected.answers, scope: prepared.scope, secrets: secrets), secrets: secrets)
        } catch {
            throw stop(TestFailure(step: taken, expectation: error.expectation, expected: error.expected, got: error.got,
                                   details: PageCheck.details(of: step)))
        }
        lastSent = clock.now
        return step
    }

    /// Checks the page against the next step and times it.
    private func take(_ step: JourneyStep, elapsed: Duration) throws {
        let expected = steps[taken]
        taken += 1
        timings.append(StepTiming(step: taken, stage: step.stage ?? step.header, duration: elapsed))
        var found = PageCheck.failures(of: step, against: expected, number: taken)
        if let within = expected.within, elapsed > within {
            found.append(TestFailure(step: taken, expectation: "within", expected: "≤ \(within.shortText)", got: elapsed.shortText))
        }
        guard found.isEmpty else {
            failures += found
            throw Stop()
        }
    }

    private func resumeLink(for expected: StepExpectation, page: JourneyStep) async throws -> ResumeLink {
        let text: String
        switch expected.resume {
        case .link(let link):
            text = link.render(in: prepared.scope, secrets: secrets)
        case .command(let command):
            do {
                text = try await ShellCommand.lastLine(of: command.render(in: prepared.scope, secrets: secrets))
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

    private func stop(_ failure: TestFailure) -> Stop {
        failures.append(failure)
        return Stop()
    }
}
