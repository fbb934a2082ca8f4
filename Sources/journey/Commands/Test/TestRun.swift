import JourneyTesting

/// Runs prepared test cases, up to `jobs` at once, each with its own client instance; `report`
/// sees each result as it comes. The results come back in the order the cases were given;
/// cancelled, it starts no more cases and returns those that ended.
enum TestRun {
    static func run(_ cases: [PreparedCase], jobs: Int, report: (CaseResult) -> Void) async -> [CaseResult] {
        let runner = TestRunner()
        var results = [CaseResult?](repeating: nil, count: cases.count)
        await withTaskGroup(of: (Int, CaseResult).self) { group in
            var next = 0
            func start() {
                guard next < cases.count, !Task.isCancelled else { return }
                let index = next, prepared = cases[index]
                group.addTask { (index, await runner.run(prepared)) }
                next += 1
            }
            for _ in 0..<min(jobs, cases.count) { start() }
            for await (index, result) in group {
                report(result)
                results[index] = result
                start()
            }
        }
        return results.compactMap { $0 }
    }
}
