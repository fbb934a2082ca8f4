import ArgumentParser
import Foundation
import JourneyTesting
import Orchestrate

/// `journey test [PATHS…]`: runs test files (YAML) against AM and reports what passed.
struct TestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run journey tests (YAML files) against AM; report as text, JSON or JUnit XML.",
        discussion: """
        Each test walks a journey (or a DaVinci flow) with its own client (stores in memory, \
        nothing written to disk), checks every page it names (stage, callbacks, prompts, time), \
        answers it, and checks the end: success or failure, the server's message, the tokens' \
        claims, a protected API call. A test with cases: runs once per case. The file format is \
        in docs/testing.md. journey login --save-test FILE saves a journey walked once as a test.

        Examples:
          journey test
          journey test journey-tests --url http://127.0.0.1:8180/am --allow-commands
          journey test journey-tests/login.yaml --filter password -j 4
          journey test --junit build/junit.xml --json journey-tests
          journey test exported-tests --url http://127.0.0.1:8180/am --coverage

        --coverage (against journey serve --journeys) prints, per exported journey, the nodes \
        the tests reached and the outcomes they took out of all of them, and names those never \
        reached; --coverage-json FILE writes the server's record for tools (docs/offline.md).

        A {command: …} answer runs a shell command: a file that holds one runs only with \
        --allow-commands, given once you have read its commands.

        Exit codes: 0 every test passed; 1 a test failed; 2 a test file cannot be read, \
        uses a variable that is not set or runs a command not allowed (nothing is run); \
        64 bad usage; 130 stopped by Ctrl-C (running commands stopped, no JUnit written).
        """
    )

    @Argument(help: ArgumentHelp("Test files, or folders to search for .yaml and .yml files.", valueName: "path"))
    var paths: [String] = ["journey-tests"]

    @Option(name: .customShort("j"), help: ArgumentHelp("How many tests run at once.", valueName: "N"))
    var jobs = 1

    @Option(help: ArgumentHelp("Also write a JUnit XML report to this file.", valueName: "file"))
    var junit: String?

    @Flag(help: "Print one JSON object per test (and case) on stdout instead of the summary.")
    var json = false

    @Option(help: ArgumentHelp("Run only the tests whose name contains this text (any case).", valueName: "text"))
    var filter: String?

    @Option(help: ArgumentHelp("Run every test with this profile instead of its own.", valueName: "name"))
    var profile: String?

    @Option(help: ArgumentHelp("Run every test against this AM URL instead of its own.", valueName: "url"))
    var url: String?

    @Flag(help: "Let the test files run their {command: …} answers: shell commands, so only for files you trust.")
    var allowCommands = false

    @Flag(help: "Print the nodes and outcomes of the exported journeys the tests covered (against journey serve --journeys).")
    var coverage = false

    @Option(help: ArgumentHelp("Also write the coverage record as JSON to this file (implies --coverage).", valueName: "file"))
    var coverageJSON: String?

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("-j takes a number of tests from 1 up.") }
    }

    func run() async throws {
        let console = Console()
        let overrides = PreparedCase.Overrides(profile: profile, url: url, allowsCommands: allowCommands)
        let prepared: [PreparedCase]
        do {
            prepared = try TestFiles.prepare(paths: paths, filter: filter, overrides: overrides)
        } catch {
            error.errors.forEach { console.say(console.styled("journey: \(line: $0.description)", .red)) }
            throw ExitCode(2)
        }
        guard !prepared.isEmpty else {
            console.say("journey: no test to run" + (filter.map { " (none is named like \"\(TerminalText.line($0))\")" } ?? "") + ".")
            throw ExitCode(2)
        }
        let coverageServers = coverage || coverageJSON != nil ? TestCoverage.servers(of: prepared) : []
        do throws(TestCoverageProblem) {
            for server in coverageServers { try await TestCoverage.clear(server) }
        } catch {
            console.say(console.styled("journey: \(line: error.description)", .red))
            throw ExitCode(2)
        }
        let started = ContinuousClock.now
        let printsJSON = json
        let run = Task { [jobs] in
            let console = Console()
            return await TestRun.run(prepared, jobs: jobs) { result in
                if printsJSON {
                    Console.json(JSONReport.object(for: result))
                } else {
                    HumanReport.lines(for: result).forEach { console.result(result.passed ? "\(line: $0)" : console.styled("\(line: $0)", .red)) }
                }
            }
        }
        // Ctrl-C cancels the run, which stops a running command and all it started.
        let interrupt = Task {
            await ShutdownSignal.wait()
            // Cancelled once the run ended, the wait returns too: that is no Ctrl-C.
            if !Task.isCancelled { run.cancel() }
        }
        let results = await run.value
        interrupt.cancel()
        let duration = ContinuousClock.now - started
        let summary = HumanReport.summary(of: results, duration: duration)
        if printsJSON { console.say("\(line: summary)") } else { console.result("\(line: summary)") }
        if run.isCancelled {
            console.say(console.styled("journey: interrupted by Ctrl-C after \(results.count) of \(prepared.count) test cases; no JUnit report written", .red))
            throw ExitCode(130)
        }
        try await reportCoverage(coverageServers, console: console)
        if let junit {
            do {
                try Data(JUnitReport.xml(for: results, duration: duration).utf8).write(to: URL(filePath: junit))
            } catch {
                console.say(console.styled("journey: the JUnit report cannot be written to \(line: junit): \(line: error.localizedDescription)", .red))
                throw ExitCode(3)
            }
        }
        throw ExitCode(results.allSatisfy(\.passed) ? 0 : 1)
    }
}

extension TestCommand {
    /// Prints each server's coverage (on stderr with --json), and writes it to --coverage-json.
    private func reportCoverage(_ servers: [TestCoverage.Server], console: Console) async throws {
        var records: [Data] = []
        for server in servers {
            do throws(TestCoverageProblem) {
                let (journeys, json) = try await TestCoverage.read(server)
                records.append(json)
                let lines = journeys.flatMap(\.lines)
                for line in ["Coverage at \(server.base.absoluteString):"] + lines.map({ "  " + $0 }) {
                    if self.json { console.say("\(line: line)") } else { console.result("\(line: line)") }
                }
            } catch {
                console.say(console.styled("journey: \(line: error.description)", .red))
                throw ExitCode(2)
            }
        }
        guard let coverageJSON else { return }
        let document = "[" + records.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ",") + "]\n"
        do {
            try Data(document.utf8).write(to: URL(filePath: coverageJSON))
        } catch {
            console.say(console.styled("journey: the coverage cannot be written to \(line: coverageJSON): \(line: error.localizedDescription)", .red))
            throw ExitCode(3)
        }
    }
}
