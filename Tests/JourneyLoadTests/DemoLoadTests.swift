import DemoAM
import Foundation
import JourneyEngine
import JourneyLoad
import Orchestrate
import Testing

/// Load runs against the in-process demo AM over real HTTP on loopback.
struct DemoLoadTests {
    static func answers(_ assignments: [String]) throws -> AnswerBook {
        var book = AnswerBook()
        for assignment in assignments { try book.add(assignment) }
        return book
    }

    static func withDemo(_ body: (ServerConfiguration) async throws -> Void) async throws {
        try await DemoAM.running { demo in try await body(try ServerConfiguration(url: demo.baseURL)) }
    }

    @Test func aShortRunEndsWithEveryIterationAndPerStepFigures() async throws {
        try await Self.withDemo { server in
            let scenario = JourneyWalkScenario(server: server, journey: "Login",
                                               answers: try Self.answers(["User Name=demo", "Password=Demo-pass1"]))
            let summary = await LoadRunner(plan: LoadPlan(users: 5, stop: .iterations(20)), scenario: scenario).run()
            #expect(summary.iterations == 20)
            #expect(summary.successes == 20)
            #expect(summary.errors == 0)
            #expect(summary.users == 5)
            #expect(summary.interrupted == false)
            #expect(summary.steps.map(\.name) == ["start", "UsernamePassword"])
            #expect(summary.steps.allSatisfy { $0.latency.count == 20 && $0.errors == 0 })
            #expect(summary.journey.count == 20)
            let journey = try #require(summary.journey.p50)
            #expect(journey > 0)
            #expect(try #require(summary.journey.p99) >= journey)
        }
    }

    @Test func aWrongPasswordCountsAsAnAMFailureOnThePasswordPage() async throws {
        try await Self.withDemo { server in
            let scenario = JourneyWalkScenario(server: server, journey: "Login",
                                               answers: try Self.answers(["User Name=demo", "Password=wrong"]))
            let summary = await LoadRunner(plan: LoadPlan(users: 2, stop: .iterations(4)), scenario: scenario).run()
            #expect(summary.iterations == 4)
            #expect(summary.errors == 4)
            #expect(summary.errorsByKind == ["AM failure": 4])
            #expect(summary.steps.first { $0.name == "UsernamePassword" }?.errors == 4)
            #expect(summary.journey.count == 0)
        }
    }

    @Test func casesGiveEachIterationItsRowOfAnswers() async throws {
        try await Self.withDemo { server in
            let rows = try LoadCases.parse(csv: "User Name,Password\ndemo,Demo-pass1\ndemo,wrong\n", source: "cases.csv")
            let scenario = JourneyWalkScenario(server: server, journey: "Login", answers: AnswerBook())
            let plan = LoadPlan(users: 1, stop: .iterations(4), cases: LoadCases(rows: rows))
            let summary = await LoadRunner(plan: plan, scenario: scenario).run()
            #expect(summary.successes == 2)
            #expect(summary.errorsByKind == ["AM failure": 2])
        }
    }

    @Test func aPromptWithoutAnAnswerIsAnExpectationError() async throws {
        try await Self.withDemo { server in
            let scenario = JourneyWalkScenario(server: server, journey: "Login", answers: try Self.answers(["User Name=demo"]))
            let user = scenario.makeVirtualUser(number: 0)
            let result = await user.runIteration(variables: [:], pacing: StepPacing())
            #expect(result.failure?.kind == .expectation)
            #expect(result.failure?.message.contains("Password") == true)
            #expect(result.steps.map(\.name) == ["start"])
        }
    }

    @Test func theOpenModelStartsTheIterationsItIsGiven() async throws {
        try await Self.withDemo { server in
            let scenario = JourneyWalkScenario(server: server, journey: "Login",
                                               answers: try Self.answers(["User Name=demo", "Password=Demo-pass1"]))
            let plan = LoadPlan(users: 10, stop: .iterations(10), rate: 1000)
            let summary = await LoadRunner(plan: plan, scenario: scenario).run()
            #expect(summary.iterations + summary.dropped == 10)
            #expect(summary.errors == 0)
        }
    }

    @Test func aCancelledRunStillReportsAndIsMarkedInterrupted() async throws {
        try await Self.withDemo { server in
            let scenario = JourneyWalkScenario(server: server, journey: "Login",
                                               answers: try Self.answers(["User Name=demo", "Password=Demo-pass1"]))
            let recorder = LoadRecorder()
            let started = AsyncStream<Void>.makeStream()
            let run = Task {
                await LoadRunner(plan: LoadPlan(users: 2, stop: .duration(.seconds(600)), interval: .milliseconds(1)),
                                 scenario: scenario, recorder: recorder).run { report in
                    if report.iterations > 0 { started.continuation.yield() }
                }
            }
            for await _ in started.stream { break }
            run.cancel()
            let summary = await run.value
            #expect(summary.interrupted)
            #expect(summary.iterations > 0)
            #expect(summary.errors == 0)
        }
    }

    @Test func anIterationIsOneLineOfJSON() throws {
        let result = IterationResult(
            steps: [StepTiming(name: "start", duration: .milliseconds(3)),
                    StepTiming(name: "Password", duration: .microseconds(1500),
                               failure: LoadFailure(kind: .httpStatus(503), message: "down"))],
            outcome: .failure(LoadFailure(kind: .httpStatus(503), message: "down")))
        let line = result.jsonLine()
        #expect(!line.contains("\n"))
        #expect(line.contains(#""milliseconds":1.5"#))
        #expect(line.contains(#""kind":"HTTP 503""#))
        let decoded = try JSONDecoder().decode(IterationResult.self, from: Data(line.utf8))
        #expect(decoded == result)
    }
}
