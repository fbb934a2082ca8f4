import JourneyLoad
import Testing

struct ThresholdTests {
    static func summary(journeyP95: Double?, steps: [StepSummary] = [], iterations: Int = 1000, errors: Int = 0,
                        rate: Double = 100) -> LoadSummary {
        LoadSummary(elapsedSeconds: 10, users: 10, iterations: iterations, successes: iterations - errors, errors: errors,
                    errorsByKind: [:], dropped: 0, journeysPerSecond: rate,
                    journey: LatencySummary(count: 1, avg: journeyP95, p50: journeyP95, p95: journeyP95, p99: journeyP95, max: journeyP95),
                    steps: steps, intervals: [], interrupted: false)
    }

    @Test func aJourneyPercentileParsesWithItsUnit() throws {
        let threshold = try Threshold(parsing: "p95(journey) > 800ms")
        #expect(threshold.metric == .latency(.p95, step: nil))
        #expect(threshold.comparison == .greater)
        #expect(threshold.value == 800)
        #expect(try Threshold(parsing: "p99(UsernamePassword)>=1.5s").value == 1500)
        #expect(try Threshold(parsing: "p99(UsernamePassword)>=1.5s").metric == .latency(.p99, step: "UsernamePassword"))
        #expect(try Threshold(parsing: "errors > 0.1%").metric == .errorPercentage)
        #expect(try Threshold(parsing: "errors > 3").metric == .errorCount)
        #expect(try Threshold(parsing: "rate < 50/s").metric == .rate)
        #expect(try Threshold(parsing: "rate <= 50").comparison == .lessOrEqual)
    }

    @Test(arguments: ["p95(journey) 800ms", "p97(journey) > 1s", "p95(journey) > 800", "p95() > 1s",
                      "errors > lots", "throughput > 3", "p95(journey) > -1ms"])
    func malformedThresholdsAreRefusedWithTheirText(_ text: String) {
        #expect {
            try Threshold(parsing: text)
        } throws: { error in
            (error as? ThresholdError)?.description.hasPrefix("--fail-if '\(text)'") == true
        }
    }

    @Test func latencyThresholdsBreakOnlyPastTheirValue() throws {
        let threshold = try Threshold(parsing: "p95(journey) > 800ms")
        #expect(threshold.evaluate(Self.summary(journeyP95: 912)).isBroken)
        #expect(!threshold.evaluate(Self.summary(journeyP95: 800)).isBroken)
        #expect(threshold.evaluate(Self.summary(journeyP95: 912)).description == "failed: fail if p95(journey) > 800ms (measured 912.0 ms)")
        #expect(threshold.evaluate(Self.summary(journeyP95: 800)).description == "passed: fail if p95(journey) > 800ms (measured 800.0 ms)")
        #expect(threshold.evaluate(Self.summary(journeyP95: nil)).isBroken)
    }

    @Test func aStepIsFoundByNameAndAMissingStepBreaks() throws {
        let step = StepSummary(name: "UsernamePassword", errors: 0,
                               latency: LatencySummary(count: 3, avg: 10, p50: 10, p95: 20, p99: 30, max: 30))
        let summary = Self.summary(journeyP95: 1, steps: [step])
        #expect(try Threshold(parsing: "p99(usernamepassword) > 25ms").evaluate(summary).isBroken)
        #expect(!(try Threshold(parsing: "avg(UsernamePassword) > 25ms").evaluate(summary).isBroken))
        let missing = try Threshold(parsing: "p95(OTP) > 1s").evaluate(summary)
        #expect(missing.isBroken)
        #expect(missing.explanation == "no step named OTP was measured (steps: UsernamePassword)")
    }

    @Test func errorsCountOrShareAndRate() throws {
        let summary = Self.summary(journeyP95: 1, iterations: 1000, errors: 2, rate: 40)
        #expect(try Threshold(parsing: "errors > 0.1%").evaluate(summary).isBroken)
        #expect(!(try Threshold(parsing: "errors > 0.2%").evaluate(summary).isBroken))
        #expect(try Threshold(parsing: "errors > 1").evaluate(summary).isBroken)
        #expect(try Threshold(parsing: "rate < 50/s").evaluate(summary).isBroken)
        #expect(!(try Threshold(parsing: "rate < 40/s").evaluate(summary).isBroken))
    }
}
