import Foundation
import JourneyLoad
import Testing

struct LoadPiecesTests {
    @Test func percentilesAreNearestRankWithinTheHistogramsError() throws {
        var latencies = LatencyHistogram()
        for milliseconds in (1...100).reversed() { latencies.add(.milliseconds(milliseconds)) }
        let summary = latencies.summary()
        #expect(summary.count == 100)
        // The nearest ranks are 50, 95 and 99 ms; each is reported at most 1/1024 above.
        for (reported, exact) in [(summary.p50, 50.0), (summary.p95, 95), (summary.p99, 99)] {
            let measured = try #require(reported)
            #expect(measured >= exact && measured <= exact * (1 + LatencyHistogram.relativeError))
        }
        #expect(summary.max == 100)
        #expect(summary.avg == 50.5)
        #expect(LatencyHistogram().summary().p95 == nil)
    }

    @Test func casesReadQuotedFieldsAndGoRoundByIterationOrUser() throws {
        let rows = try LoadCases.parse(csv: "User Name,Password\r\n\"a, b\",\"say \"\"hi\"\"\"\nc,d\n\n", source: "c.csv")
        #expect(rows == [["User Name": "a, b", "Password": "say \"hi\""], ["User Name": "c", "Password": "d"]])
        let byIteration = LoadCases(rows: rows)
        #expect(byIteration.variables(user: 0, iteration: 3)["User Name"] == "c")
        let byUser = LoadCases(rows: rows, assignment: .user)
        #expect(byUser.variables(user: 2, iteration: 3)["User Name"] == "a, b")
    }

    @Test func casesWithARaggedRowAreRefusedNamingTheRecord() {
        #expect(throws: LoadCasesError.badLine(source: "c.csv", line: 3, problem: "1 fields where the header names 2")) {
            try LoadCases.parse(csv: "a,b\n1,2\n3\n", source: "c.csv")
        }
        #expect(throws: LoadCasesError.empty(source: "c.csv")) { try LoadCases.parse(csv: "a,b\n", source: "c.csv") }
    }

    @Test(arguments: ["http://127.0.0.1:8180/am", "http://localhost/am", "http://[::1]:8080/am", "http://127.3.2.1/am"])
    func loopbackIsLoaded(_ url: String) throws {
        try LoadTarget.check(try #require(URL(string: url)), ownsServer: false)
    }

    @Test(arguments: ["https://tenant.forgeblocks.com/am", "http://10.0.0.1/am", "http://127.0.0.1.example.com/am"])
    func otherHostsAreRefusedUnlessOwned(_ url: String) throws {
        let address = try #require(URL(string: url))
        #expect(throws: LoadTargetRefusal.self) { try LoadTarget.check(address, ownsServer: false) }
        try LoadTarget.check(address, ownsServer: true)
    }

    @Test func reportsWriteStepsAndIntervals() throws {
        let latency = LatencySummary(count: 2, avg: 1.5, p50: 1, p95: 2, p99: 2, max: 2)
        let summary = LoadSummary(
            elapsedSeconds: 2, users: 1, iterations: 2, successes: 2, errors: 0, errorsByKind: [:], dropped: 0,
            journeysPerSecond: 1, journey: latency, steps: [StepSummary(name: "Sign, In", errors: 0, latency: latency)],
            intervals: [IntervalReport(endSecond: 1, iterations: 2, errors: 0, errorsByKind: [:], journeysPerSecond: 2,
                                       activeUsers: 1, journey: latency, steps: [])],
            interrupted: false)
        let directory = FileManager.default.temporaryDirectory.appending(path: "load-csv-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try LoadReportFiles.writeCSV(summary, into: directory)
        let steps = try String(contentsOf: directory.appending(path: "steps.csv"), encoding: .utf8)
        #expect(steps == """
            name,count,errors,avg_ms,p50_ms,p95_ms,p99_ms,max_ms
            "Sign, In",2,0,1.500,1.000,2.000,2.000,2.000
            journey,2,0,1.500,1.000,2.000,2.000,2.000

            """)
        let intervals = try String(contentsOf: directory.appending(path: "intervals.csv"), encoding: .utf8)
        #expect(intervals.split(separator: "\n").count == 2)
        let json = try JSONSerialization.jsonObject(with: LoadReportFiles.json(summary, thresholds: [])) as? [String: Any]
        #expect((json?["summary"] as? [String: Any])?["iterations"] as? Int == 2)
    }
}
