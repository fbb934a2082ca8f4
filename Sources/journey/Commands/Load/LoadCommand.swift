import ArgumentParser
import Foundation
import JourneyEngine
import JourneyLoad
import JourneyTesting
import Orchestrate

/// `journey load`: many virtual users walking a journey against a server one owns, with live
/// figures, reports and thresholds.
struct LoadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "Load-test a journey with virtual users (loopback unless you own the server).",
        discussion: """
        Each virtual user is a client instance of its own (its own cookies, stores in memory) \
        walking the journey with the given answers, again and again, until --duration or \
        --iterations. Without --rate each user starts its next journey when its last one ends; \
        with --rate N/s journeys start N times a second whatever the latency, on a free user \
        (--users is then how many may be busy at once). A --cases CSV file's columns are answers \
        (by prompt), one row per iteration (or per user with --cases-by user). With test files, \
        a virtual user keeps its client instance across its iterations; --sign-in once walks the \
        journey on its first (and after a failed one) and then repeats only the test's request:, \
        refreshing the access token first when it expires within oauthThreshold (steps `token \
        refresh` and `request`).

        Without test files the client options are those of journey login: flags, then JOURNEY_… \
        variables, then the --profile, then the SDKs' defaults (journey config show); the journey \
        is --journey (or --tree), else the options' authServiceName. With test files (the format \
        of journey test), each iteration runs the next test case; --profile and --url replace \
        every test's own, as in journey test.

        A server that is not this machine's loopback is refused unless --i-own-this-server, or \
        loadAllowed: true in the profile that names it (a --url replaces that server, so then \
        only the flag allows it).

        A terminal on standard error shows a live view redrawn every second; without one, a line \
        per second. Ctrl-C stops the run and still reports. The summary goes to standard output; \
        --json FILE and --csv DIR keep it.

        Examples:
          journey load --url http://127.0.0.1:8180/am --journey Login \\
              --answer "User Name=demo" --answer Password=Demo-pass1 \\
              --users 20 --duration 10s
          journey load --profile lab --answer "User Name=demo" \\
              --answer Password=Demo-pass1 --rate 50/s --users 100 \\
              --duration 1m --fail-if 'p95(journey) > 800ms' \\
              --fail-if 'errors > 0.1%' --json load.json
          journey load journey-tests --profile lab --users 20 --duration 10s

        Exit codes: 0 the run ended and kept every --fail-if; 1 a --fail-if was broken; 64 bad \
        usage or a refused server; 130 stopped by Ctrl-C (after its report).
        """
    )

    @Option(name: [.customLong("journey"), .customLong("tree")],
            help: ArgumentHelp("The journey to walk (authIndexValue; --tree as in journey login). Default: authServiceName (Login).", valueName: "journey"))
    var journey: String?
    @OptionGroup(title: "Answers") var answers: AnswerOptions

    @Option(help: ArgumentHelp("Concurrent virtual users (with --rate: the most busy at once).", valueName: "n"))
    var users = 1
    @Option(name: .customLong("spawn-rate"), help: ArgumentHelp("Virtual users started per second (default: all at once).", valueName: "n/s"))
    var spawnRate: String?
    @Option(help: ArgumentHelp("Stop after this long: 30s, 5m, 1h.", valueName: "time")) var duration: String?
    @Option(help: ArgumentHelp("Stop after this many journeys in all.", valueName: "n")) var iterations: Int?
    @Option(help: ArgumentHelp("Open model: journeys started per second whatever the latency.", valueName: "n/s"))
    var rate: String?
    @Option(help: ArgumentHelp("Pause between two steps of a journey: 1s, 500ms.", valueName: "time")) var think: String?
    @Option(name: .customLong("sign-in"), help: ArgumentHelp(
        "With test files: walk the journey every iteration, or once per user and then repeat only the test's request: (tokens refreshed when due).",
        valueName: "every|once"))
    var signIn = TestFileScenario.SignIn.every
    @Option(help: ArgumentHelp("A CSV file whose columns are answers (by prompt), a row per iteration or user.", valueName: "file.csv"))
    var cases: String?
    @Option(name: .customLong("cases-by"), help: ArgumentHelp("Who takes a row of --cases: iteration or user.", valueName: "iteration|user"))
    var casesBy = "iteration"

    @Option(help: ArgumentHelp("Write the summary (per step and per interval) as JSON.", valueName: "file")) var json: String?
    @Option(help: ArgumentHelp("Write steps.csv and intervals.csv into this folder.", valueName: "dir")) var csv: String?
    @Option(name: .customLong("fail-if"), help: ArgumentHelp(
        "Exit 1 when true at the end: 'p95(journey) > 800ms', 'p99(STEP) > 1s', 'errors > 0.1%', 'rate < 50/s'. Repeatable.",
        valueName: "condition"))
    var failIf: [String] = []
    @Flag(name: .customLong("i-own-this-server"), help: "Allow a server that is not on loopback (one you own; a profile says so with loadAllowed: true).")
    var ownsServer = false
    @Flag(help: "Let the test files run their {command: …} answers: shell commands, so only for files you trust.")
    var allowCommands = false

    @Flag(help: ArgumentHelp("Run journey test files' cases for another load tool, one JSON line in and out (integrations/locust; docs/load.md)."))
    var worker = false
    @Argument(help: ArgumentHelp("Test files or folders (with --worker, default: journey-tests).", valueName: "paths"))
    var paths: [String] = []
    @OptionGroup(title: "Client options (with test files: --profile and --url only)")
    var options: ConfigurationOptions

    func run() async throws {
        guard signIn == .every || (!paths.isEmpty && !worker) else {
            throw ValidationError("--sign-in once is for test files (journey load PATHS…): it repeats each test's request: after one sign-in.")
        }
        guard !allowCommands || !paths.isEmpty || worker else {
            throw ValidationError("--allow-commands is for test files (journey load PATHS…): a journey walked with --answer runs no command.")
        }
        if worker {
            let cases: [PreparedCase]
            do {
                cases = try checkedTestCases(paths: paths.isEmpty ? ["journey-tests"] : paths, rows: [])
            } catch {
                throw ExitCode(LoadWorker.refuse("\(error)"))
            }
            throw ExitCode(await LoadWorker.run(cases: cases))
        }
        let rows = try caseRows()
        let (scenario, target) = try paths.isEmpty ? journeyScenario() : testFileScenario(rows: rows)
        let runner = try makeRunner(scenario: scenario, rows: rows)
        let thresholds = try failIf.map { text in
            do throws(ThresholdError) { return try Threshold(parsing: text) } catch { throw ValidationError(error.description) }
        }
        let unit: LoadUnit = signIn == .once ? .iteration : .journey
        let stop = iterations.map { "\($0) \(unit.plural)" } ?? duration ?? ""
        let view = LoadLiveView(title: "journey load  \(target) × \(users) user\(users == 1 ? "" : "s")  (\(stop); Ctrl-C stops)",
                                unit: unit, redrawsInPlace: Console.Stream.standardError.isStyled)
        let recorder = runner.recorder
        let run = Task {
            await runner.run { interval in
                view.show(interval, totals: recorder.totals())
            }
        }
        let interrupt = Task {
            await ShutdownSignal.wait()
            run.cancel()
        }
        let summary = await run.value
        interrupt.cancel()

        let results = thresholds.map { $0.evaluate(summary) }
        try writeReports(summary, results)
        LoadSummaryPrinter.print(summary, thresholds: results, unit: unit)
        if results.contains(where: \.isBroken) { throw ExitCode.failure }
        // Stopped short: not a run a CI gate may pass, as for any command Ctrl-C ends.
        if summary.interrupted { throw ExitCode(130) }
    }

    /// The rows of `--cases`, none without it.
    private func caseRows() throws -> [[String: String]] {
        guard let cases else { return [] }
        guard let data = FileManager.default.contents(atPath: cases) else { throw ValidationError("Cannot read the cases file \(cases).") }
        do throws(LoadCasesError) {
            return try LoadCases.parse(csv: String(decoding: data, as: UTF8.self), source: cases)
        } catch {
            throw ValidationError(error.description)
        }
    }

    private func makeRunner(scenario: any LoadScenario, rows: [[String: String]]) throws -> LoadRunner {
        guard users > 0 else { throw ValidationError("--users must be at least 1.") }
        let stop: LoadPlan.Stop
        switch (duration, iterations) {
        case (.some, .some): throw ValidationError("Give --duration or --iterations, not both.")
        case (nil, nil): throw ValidationError("Give --duration or --iterations: a load run always ends by itself.")
        case (.some(let text), nil): stop = .duration(try LoadQuantities.duration(text, option: "--duration"))
        case (nil, .some(let count)):
            guard count > 0 else { throw ValidationError("--iterations must be at least 1.") }
            stop = .iterations(count)
        }
        guard let assignment = LoadCases.Assignment(rawValue: casesBy) else {
            throw ValidationError("--cases-by \(casesBy): give iteration or user.")
        }
        let loadCases = LoadCases(rows: rows, assignment: assignment)
        let plan = LoadPlan(
            users: users, spawnRate: try spawnRate.map { try LoadQuantities.rate($0, option: "--spawn-rate") }, stop: stop,
            rate: try rate.map { try LoadQuantities.rate($0, option: "--rate") },
            thinkTime: try think.map { try LoadQuantities.duration($0, option: "--think") } ?? .zero, cases: loadCases)
        // Each second's figures are kept only for the reports that write them.
        return LoadRunner(plan: plan, scenario: scenario, recorder: LoadRecorder(keepsIntervals: json != nil || csv != nil))
    }

    private func writeReports(_ summary: LoadSummary, _ results: [ThresholdResult]) throws {
        do {
            if let json {
                try LoadReportFiles.json(summary, thresholds: results).write(to: URL(filePath: json), options: .atomic)
            }
            if let csv {
                try LoadReportFiles.writeCSV(summary, into: URL(filePath: csv))
            }
        } catch {
            throw ValidationError("Cannot write the report: \(error.localizedDescription)")
        }
    }
}

extension TestFileScenario.SignIn: ExpressibleByArgument {}
