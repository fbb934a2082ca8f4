import Foundation
import JourneyLoad
import JourneyTesting
import Orchestrate
import Synchronization

/// `journey load --worker`: runs test cases for another load tool (the Locust users of
/// `integrations/locust/`), one JSON line in, one JSON line out, so the journey walking stays
/// here and the other tool only counts.
///
/// - First line out: `{"ready": {"cases": [{"index": 0, "name": "Login [user=demo]"}, …]}}`,
///   or `{"error": "…"}` (and exit 2) when a test file cannot run or a server is refused (not
///   loopback, and neither `--i-own-this-server` nor the profile's `loadAllowed`).
/// - A line in: `{"id": 7}` runs the next case in turn; `{"id": 7, "case": 2}` that case.
///   Several may be under way at once; each reply carries its `id`.
/// - Its line out: `{"id": 7, "test": "…", "case": "user=alice", "ms": 8.3, "steps": [{"name":
///   "start", "ms": 3.1}, …], "failure": null}`, the steps named as `journey load` names them;
///   `failure` is `{"step": 2, "kind": "expectation", "message": "…"}` (the kinds of `journey load`).
/// - End of input: the cases under way finish, then the worker exits 0.
///
/// The cases run on ``CaseSlots``: as many kept clients and instances as cases ever under way at
/// once, each signing in again for the case it runs, as a virtual user of `journey load` does.
enum LoadWorker {
    /// Says why no case can run (a test file that cannot, a server that is not this machine's
    /// and not owned) as the first line, and gives the exit status.
    static func refuse(_ reason: String) -> Int32 {
        emit(.object(["error": .string(reason)]))
        return 2
    }

    /// Serves `cases` (prepared, their servers checked) until standard input ends.
    static func run(cases: [PreparedCase]) async -> Int32 {
        let names = cases.enumerated().map { index, prepared -> JSONValue in
            .object(["index": .int(index), "name": .string(name(of: prepared))])
        }
        emit(.object(["ready": .object(["cases": .array(names)])]))

        let slots = CaseSlots()
        let turn = Atomic<Int>(0)
        // Discarding: a case's task is gone when its reply is written (a task group would keep
        // every ended child until awaited, and a worker never awaits them).
        await withDiscardingTaskGroup { group in
            for await line in standardInputLines() {
                guard let request = try? JSONValue.parse(Data(line.utf8)), let id = request["id"]?.intValue else {
                    emit(.object(["error": .string("not a request: \(line.prefix(200))")]))
                    continue
                }
                let index: Int
                if let chosen = request["case"]?.intValue {
                    index = chosen
                } else {
                    index = turn.add(1, ordering: .relaxed).oldValue % cases.count
                }
                guard cases.indices.contains(index) else {
                    emit(.object(["id": .int(id), "error": .string("no case \(index): there are \(cases.count)")]))
                    continue
                }
                group.addTask {
                    let result = await slots.run(cases[index])
                    emit(reply(id: id, result: result))
                }
            }
        }
        return 0
    }

    /// The reply line for one case: its steps named as `journey load` names them (`start`, then
    /// the page each request answered).
    static func reply(id: Int, result: CaseResult) -> JSONValue {
        let iteration = TestFileScenario.iteration(from: result)
        var failedStep: Int?
        let steps = iteration.steps.enumerated().map { index, step -> JSONValue in
            if step.failure != nil { failedStep = index + 1 }
            return .object(["name": .string(step.name), "ms": .double(milliseconds(step.duration))])
        }
        let failure: JSONValue = iteration.failure.map { failure in
            .object(["step": failedStep.map { .int($0) } ?? .null, "kind": .string(failure.kind.description), "message": .string(failure.message)])
        } ?? .null
        return .object([
            "id": .int(id), "test": .string(result.test), "case": result.caseLabel.map { .string($0) } ?? .null,
            "ms": .double(milliseconds(result.duration)), "steps": .array(steps), "failure": failure,
        ])
    }

    private static func name(of prepared: PreparedCase) -> String {
        prepared.test.name + (prepared.caseLabel.map { " [\($0)]" } ?? "")
    }

    /// Milliseconds to the microsecond.
    private static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return ((Double(seconds) * 1e3 + Double(attoseconds) / 1e15) * 1e3).rounded() / 1e3
    }

    /// One line at a time, whole: replies of cases that end together never interleave.
    private static let writing = Mutex(())

    private static func emit(_ value: JSONValue) {
        writing.withLock { _ in Console.json(value) }
    }

    /// Standard input's lines, read on a thread of their own so the cases keep running.
    private static func standardInputLines() -> AsyncStream<String> {
        AsyncStream { continuation in
            Thread.detachNewThread {
                while let line = readLine(strippingNewline: true) {
                    if !line.trimmingSpaces().isEmpty { continuation.yield(line) }
                }
                continuation.finish()
            }
        }
    }
}
