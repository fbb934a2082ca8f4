import DaVinci
import DemoPingOne
import Foundation
import Orchestrate
import Testing

/// Polling forms against the demo PingOne over HTTP: `dave` waits for an approval on his phone
/// by continue polling, `erin` by challenge polling; the demo refuses polls that come sooner
/// than the form's interval, so the gaps it records prove the client waited.
@Suite struct PollingFlowTests {
    static let interval: Duration = .milliseconds(200)

    static func signOn(_ username: String) -> [String: CollectorValue] {
        ["username": .text(username), "password": .password("\(username.prefix(1).uppercased())\(username.dropFirst())-pass1", confirmation: "")]
    }

    @Test func continuePollingWaitsEachIntervalThenSignsOn() async throws {
        try await DaVinciDemo.with(DemoPingOneConfiguration(pollInterval: Self.interval)) { demo in
            let client = demo.client()
            var forms: [String] = []
            var polls: [PollProgress] = []
            let (minted, _) = try await client.walk(try await client.discover(), answer: { step in
                forms.append(step.formName)
                return (step.filled(Self.signOn("dave")), nil)
            }, polling: { step, progress in
                #expect(step.formName == "Approve on your phone")
                polls.append(progress)
            })
            #expect(forms == ["Sign On"], "the polling form is polled, never answered")
            #expect(polls.map(\.attempt) == [1, 2, 3] && polls.allSatisfy { $0.retries == 10 && !$0.asksChallenge && $0.interval == Self.interval })
            #expect(!minted.tokens.accessToken.isEmpty)
            let gaps = await demo.server.pingOne.pollGaps()
            #expect(gaps.count == 3 && gaps.allSatisfy { $0 >= Self.interval }, "each poll came after the interval: \(gaps)")
        }
    }

    @Test func challengePollingAsksTheStatusUntilApprovedThenSubmits() async throws {
        try await DaVinciDemo.with(DemoPingOneConfiguration(pollInterval: Self.interval)) { demo in
            let client = demo.client()
            var polls: [PollProgress] = []
            let (minted, _) = try await client.walk(try await client.discover(), answer: { step in
                (step.filled(Self.signOn("erin")), nil)
            }, polling: { _, progress in polls.append(progress) })
            #expect(polls.map(\.attempt) == [1, 2, 3] && polls.allSatisfy(\.asksChallenge))
            #expect(!minted.tokens.accessToken.isEmpty)
            let gaps = await demo.server.pingOne.pollGaps()
            #expect(gaps.count == 3 && gaps.allSatisfy { $0 >= Self.interval }, "\(gaps)")
        }
    }

    @Test func theDemoRefusesAClientThatPollsWithoutWaiting() async throws {
        try await DaVinciDemo.with(DemoPingOneConfiguration(pollInterval: .seconds(30))) { demo in
            let client = demo.client()
            var flow = DaVinciFlow(configuration: demo.configuration, endpoints: try await client.discover())
            guard case .present(let signOn) = flow.received(try await client.send(flow.start())),
                  case .present(let waiting) = flow.received(try await client.send(flow.submission(signOn.filled(Self.signOn("dave")), pressing: nil)))
            else { Issue.record("no polling form"); return }
            #expect(waiting.polling?.settings.interval == .seconds(30))
            let early = try await client.send(flow.pollSubmission(waiting, value: "continue"))
            #expect(early.status == 429)
            guard case .present(let refused) = flow.received(early) else { Issue.record("the refusal does not keep the form"); return }
            #expect(refused.formMessage?.contains("poll no sooner than every 30000 ms") == true)
            #expect(await demo.server.pingOne.pollGaps().isEmpty)
        }
    }

    @Test func retriesExhaustedEndTheFlowWithAClearMessage() async throws {
        try await DaVinciDemo.with(DemoPingOneConfiguration(pollInterval: .milliseconds(100), pollRetries: 2)) { demo in
            let client = demo.client()
            var attempts: [Int] = []
            await #expect {
                _ = try await client.walk(try await client.discover(), answer: { step in (step.filled(Self.signOn("dave")), nil) },
                                          polling: { _, progress in attempts.append(progress.attempt) })
            } throws: { error in
                (error as? DaVinciError) == .failed(message: "No approval arrived in time.")
            }
            #expect(attempts == [1, 2], "at most pollRetries polls, the last one sent as timedOut")
        }
    }

    @Test func cancellingTheTaskEndsTheWait() async throws {
        try await DaVinciDemo.with(DemoPingOneConfiguration(pollInterval: .seconds(600))) { demo in
            let client = demo.client()
            let endpoints = try await client.discover()
            let (waiting, waits) = AsyncStream<Void>.makeStream()
            let run = Task {
                try await client.walk(endpoints, answer: { step in (step.filled(Self.signOn("dave")), nil) },
                                      polling: { _, _ in waits.yield() })
            }
            for await _ in waiting { break }
            run.cancel()
            await #expect(throws: DaVinciError.cancelled) { _ = try await run.value }
        }
    }
}
