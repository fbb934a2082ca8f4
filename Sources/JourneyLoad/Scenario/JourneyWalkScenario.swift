import Foundation
import JourneyEngine
import JourneyTesting
import Orchestrate

/// Walks one journey with the engine, answering every page from an answer book (`--answer
/// 'User Name=demo'`), as `journey login` does without a terminal. A `--cases` row's columns are
/// answers too, over the book's. Each virtual user is a client instance of its own: its own
/// cookie jar in memory; the journey is started with `ForceAuth` so a session from the last
/// iteration does not skip it.
public struct JourneyWalkScenario: LoadScenario {
    public let server: ServerConfiguration
    public let journey: String
    public let answers: AnswerBook
    private let transport: any HTTPTransport

    public init(server: ServerConfiguration, journey: String, answers: AnswerBook,
                transport: any HTTPTransport = AsyncHTTPTransport()) {
        self.server = server
        self.journey = journey
        self.answers = answers
        self.transport = transport
    }

    public func makeVirtualUser(number: Int) -> any VirtualUser {
        JourneyWalkUser(client: JourneyClient(server: server, transport: transport),
                        request: JourneyRequest(.journey(journey), forceAuth: true), answers: answers)
    }
}

/// One virtual user of a ``JourneyWalkScenario``.
struct JourneyWalkUser: VirtualUser {
    let client: JourneyClient
    let request: JourneyRequest
    let answers: AnswerBook

    func runIteration(variables: [String: String], pacing: StepPacing) async -> IterationResult {
        var book = answers
        for (name, value) in variables.sorted(by: { $0.key < $1.key }) {
            try? book.add("\(name)=\(value)")
        }
        let clock = ContinuousClock()
        var steps: [StepTiming] = []
        var pageName = "start"
        var sent = clock.now
        var lastSubmission: (page: String, answers: JSONValue)?
        do {
            _ = try await client.walk(request) { step in
                steps.append(StepTiming(name: pageName, duration: clock.now - sent))
                pageName = Self.name(of: step)
                if step.pollingDelay != nil {
                    sent = clock.now
                    return nil
                }
                let answered = try BookAnswers.answer(step, from: book)
                // Without a person to answer anew, the same answers would only get the same page.
                let submission = (page: pageName, answers: JSONValue.array(answered.callbacks.map { .array($0.inputs.map(\.value)) }))
                if let lastSubmission, lastSubmission.page == submission.page, lastSubmission.answers == submission.answers {
                    throw RepeatedPage(page: pageName)
                }
                lastSubmission = submission
                try await pacing.think()
                sent = clock.now
                return answered
            }
            steps.append(StepTiming(name: pageName, duration: clock.now - sent))
            return IterationResult(steps: steps, outcome: .success)
        } catch {
            // However the transport words it, a request cut short by the run's end is no error.
            guard !Task.isCancelled, let failure = Self.failure(for: error) else {
                return IterationResult(steps: steps, outcome: .cancelled)
            }
            if (error is UnansweredPage || error is RepeatedPage), !steps.isEmpty {
                // Nothing was sent for the page: the failure belongs to the step that brought it.
                steps[steps.count - 1].failure = failure
            } else {
                steps.append(StepTiming(name: pageName, duration: clock.now - sent, failure: failure))
            }
            return IterationResult(steps: steps, outcome: .failure(failure))
        }
    }

    /// A page's name in the statistics: its stage, its header, or its callback types.
    static func name(of step: JourneyStep) -> String {
        if let stage = step.stage, !stage.isEmpty { return TerminalText.line(stage) }
        if let header = step.header, !header.isEmpty { return TerminalText.line(header) }
        return TerminalText.line(step.callbacks.map(\.type).joined(separator: "+"))
    }

    /// What the statistics count an error as; nil when the iteration was cancelled.
    static func failure(for error: any Error) -> LoadFailure? {
        if error is CancellationError { return nil }
        if let unanswered = error as? UnansweredPage { return LoadFailure(kind: .expectation, message: unanswered.description) }
        if let repeated = error as? RepeatedPage { return LoadFailure(kind: .amFailure, message: repeated.description) }
        guard let journeyError = error as? JourneyError else {
            return LoadFailure(kind: .expectation, message: TerminalText.line(String(describing: error)))
        }
        if case .cancelled = journeyError { return nil }
        if case .transport(.cancelled) = journeyError { return nil }
        return LoadFailure(kind: FailureKind(CaseEnding(journeyError)) ?? .expectation, message: journeyError.description)
    }
}

/// AM sent the page just answered again, to the same answers (a refused value on a form).
struct RepeatedPage: Error, CustomStringConvertible {
    let page: String

    var description: String { "AM asked for the page \(page) again after the same answers." }
}
