import Foundation
import JourneyProfiles
import Orchestrate
import Yams

/// Reads a test file (YAML): one test, or several under `tests:`. Every key is checked: an
/// unknown key or a value of the wrong shape is refused with the file, the line and the key,
/// and reading goes on past it, so every problem of a file is found in one reading.
public struct TestFileReader {
    let file: String
    /// The problems found so far in this reading.
    let log = ProblemLog()

    public init(file: String) {
        self.file = file
    }

    /// Reads the file at `path` (named as given in messages): its tests, and every problem in it.
    public static func read(path: String) -> (tests: [JourneyTest], problems: [TestFileError]) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(filePath: path))
        } catch {
            return ([], [TestFileError(file: path, line: nil, key: nil, problem: "the file cannot be read: \(FileReadProblem.reason(error))")])
        }
        return TestFileReader(file: path).read(String(decoding: data, as: UTF8.self))
    }

    /// The tests `yaml` holds; refused with the first problem (`read(_:)` gives them all).
    public func tests(in yaml: String) throws(TestFileError) -> [JourneyTest] {
        let (tests, problems) = read(yaml)
        if let first = problems.first { throw first }
        return tests
    }

    /// The tests `yaml` holds that were read without a problem (a caller may check them further,
    /// to say their problems too), and every problem found in it.
    public func read(_ yaml: String) -> (tests: [JourneyTest], problems: [TestFileError]) {
        log.problems = []
        let tests = noting { () throws(TestFileError) in try readTests(yaml) } ?? []
        return (tests, log.problems)
    }

    /// A test read with no problem in any of its parts; nil (its problems noted) otherwise.
    private func whole(_ read: () throws(TestFileError) -> JourneyTest) -> JourneyTest? {
        let before = log.problems.count
        let test = noting(read)
        return log.problems.count == before ? test : nil
    }

    /// Runs one part of the reading; a problem in it is noted, and the reading goes on past it.
    func noting<Value>(_ part: () throws(TestFileError) -> Value) -> Value? {
        do {
            return try part()
        } catch {
            log.problems.append(error)
            return nil
        }
    }

    private func readTests(_ yaml: String) throws(TestFileError) -> [JourneyTest] {
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: yaml) else { throw problem(nil, nil, "the file is empty") }
            root = node
        } catch let error as TestFileError {
            throw error
        } catch let error as YamlError {
            throw TestFileError(file: file, line: Self.line(of: error), key: nil, problem: "not YAML: \(Self.summary(of: error))")
        } catch {
            throw problem(nil, nil, "not YAML: \(error)")
        }
        let top = try mapping(root, key: nil)
        if let list = top.first(where: { $0.key == "tests" }) {
            for other in top where other.key != "tests" {
                log.problems.append(problem(other.line, other.key, "a file with tests: holds nothing else; put the key in each test"))
            }
            let items = try sequence(list.value, key: "tests")
            guard !items.isEmpty else { throw problem(list.line, "tests", "the list is empty") }
            return items.enumerated().compactMap { index, node in whole { () throws(TestFileError) in try test(node, key: "tests[\(index + 1)]") } }
        }
        return whole { () throws(TestFileError) in try test(root, key: nil) }.map { [$0] } ?? []
    }

    // MARK: - A test

    private func test(_ node: Node, key: String?) throws(TestFileError) -> JourneyTest {
        let entries = try mapping(node, key: key)
        let line = Self.line(of: node) ?? 1
        guard let nameEntry = entries.first(where: { $0.key == "name" }) else { throw problem(line, key, "a test needs a name:") }
        var test = JourneyTest(name: try text(nameEntry.value, key: path(key, "name")), file: file, line: line)
        for entry in entries {
            _ = noting { () throws(TestFileError) in try read(entry, into: &test, key: key) }
        }
        return test
    }

    /// One key of a test.
    private func read(_ entry: Entry, into test: inout JourneyTest, key: String?) throws(TestFileError) {
            let here = path(key, entry.key)
            switch entry.key {
            case "name": break
            case "profile": test.profile = try text(entry.value, key: here)
            case "journey": test.journey = try template(entry.value, key: here)
            case "vars":
                let read = try variables(entry.value, key: here, marksSecrets: true)
                test.variables = read.values
                test.secretVariables.formUnion(read.marked)
            case "secrets": test.secretVariables.formUnion(try texts(entry.value, key: here))
            case "steps":
                test.steps = try sequence(entry.value, key: here).enumerated().compactMap { index, item in
                    noting { () throws(TestFileError) in try step(item, key: "\(here)[\(index + 1)]") }
                }
            case "expect": test.expect = try expectation(entry.value, key: here)
            case "cases":
                var marked: Set<String> = []
                test.cases = try sequence(entry.value, key: here).enumerated().compactMap { index, item in
                    noting { () throws(TestFileError) in
                        let read = try variables(item, key: "\(here)[\(index + 1)]", marksSecrets: true)
                        marked.formUnion(read.marked)
                        return TestCaseValues(line: Self.line(of: item) ?? entry.line ?? 1, values: read.values)
                    }
                }
                test.secretVariables.formUnion(marked)
            case "flow": test.flow = try text(entry.value, key: here)
            default:
                guard let option = OptionKey(rawValue: entry.key) else {
                    throw problem(entry.line, here, "unknown key; a test takes name, profile, journey, flow, vars, secrets, steps, expect, cases and options such as url or realm")
                }
                guard option != .loadAllowed else {
                    throw problem(entry.line, here, "a test file cannot say its server may take load: only the person who runs journey load can "
                                  + "(--i-own-this-server, JOURNEY_LOAD_ALLOWED=true, or loadAllowed: true in their own profile)")
                }
                test.options[option] = try template(entry.value, key: here)
            }
    }

    private func step(_ node: Node, key: String) throws(TestFileError) -> StepExpectation {
        var step = StepExpectation(line: Self.line(of: node) ?? 1)
        for entry in try mapping(node, key: key) {
            _ = noting { () throws(TestFileError) in try read(entry, into: &step, key: key) }
        }
        return step
    }

    /// One key of a step.
    private func read(_ entry: Entry, into step: inout StepExpectation, key: String) throws(TestFileError) {
            let here = path(key, entry.key)
            switch entry.key {
            case "stage": step.stage = try text(entry.value, key: here)
            case "callbacks": step.callbacks = try texts(entry.value, key: here)
            case "contains": step.contains = try texts(entry.value, key: here)
            case "prompts": step.prompts = try texts(entry.value, key: here)
            case "answers":
                for answer in try mapping(entry.value, key: here) {
                    if let command = try command(answer.value, key: path(here, answer.key)) {
                        step.answerCommands.append((answer.key, command))
                    } else {
                        step.answers.append((answer.key, try template(answer.value, key: path(here, answer.key))))
                    }
                }
            case "within": step.within = try duration(entry.value, key: here)
            case "resume": step.resume = try resume(entry.value, key: here)
            default:
                throw problem(entry.line, here, "unknown key; a step takes stage, callbacks, contains, prompts, answers, within and resume")
            }
    }

    private func resume(_ node: Node, key: String) throws(TestFileError) -> ResumeSource {
        guard let command = try command(node, key: key) else { return .link(try template(node, key: key)) }
        return .command(command)
    }

    /// The command of a `{command: SHELL}` value; nil for a single value. Its text is taken as
    /// written, `${…}` refused (``ShellCommandText``).
    private func command(_ node: Node, key: String) throws(TestFileError) -> ShellCommandText? {
        guard case .mapping = node else { return nil }
        let entries = try mapping(node, key: key)
        guard entries.count == 1, let command = entries.first, command.key == "command" else {
            throw problem(Self.line(of: node), key, "takes a value, or {command: SHELL COMMAND} whose last line of output is the value")
        }
        let written = try text(command.value, key: path(key, "command"))
        do {
            return try ShellCommandText(written)
        } catch {
            throw problem(Self.line(of: command.value), path(key, "command"), error.description)
        }
    }

    private func expectation(_ node: Node, key: String) throws(TestFileError) -> Expectation {
        var expect = Expectation()
        for entry in try mapping(node, key: key) {
            _ = noting { () throws(TestFileError) in try read(entry, into: &expect, key: key) }
        }
        if expect.message != nil, expect.outcome == .success {
            throw problem(Self.line(of: node), path(key, "message"), "a message is AM's failure text: it goes with outcome: failure")
        }
        return expect
    }

    /// One key of `expect:`.
    private func read(_ entry: Entry, into expect: inout Expectation, key: String) throws(TestFileError) {
            let here = path(key, entry.key)
            switch entry.key {
            case "outcome":
                let value = try text(entry.value, key: here)
                guard let outcome = Expectation.Outcome(rawValue: value) else {
                    throw problem(entry.line, here, "\"\(value)\" is not an outcome; use success or failure")
                }
                expect.outcome = outcome
            case "message": expect.message = try text(entry.value, key: here)
            case "within": expect.within = try duration(entry.value, key: here)
            case "claims":
                expect.claims = try mapping(entry.value, key: here).map { claim throws(TestFileError) in
                    if case .sequence = claim.value { return (claim.key, .list(try texts(claim.value, key: path(here, claim.key)))) }
                    return (claim.key, .value(try text(claim.value, key: path(here, claim.key))))
                }
            case "request": expect.request = try request(entry.value, key: here)
            default:
                throw problem(entry.line, here, "unknown key; expect takes outcome, message, within, claims and request")
            }
    }

    private func request(_ node: Node, key: String) throws(TestFileError) -> RequestExpectation {
        let entries = try mapping(node, key: key)
        guard let urlEntry = entries.first(where: { $0.key == "url" }) else { throw problem(Self.line(of: node), key, "a request needs a url:") }
        var request = RequestExpectation(line: Self.line(of: node) ?? urlEntry.line ?? 1, url: try template(urlEntry.value, key: path(key, "url")))
        for entry in entries {
            _ = noting { () throws(TestFileError) in try read(entry, into: &request, key: key) }
        }
        return request
    }

    /// One key of a request.
    private func read(_ entry: Entry, into request: inout RequestExpectation, key: String) throws(TestFileError) {
            let here = path(key, entry.key)
            switch entry.key {
            case "url": break
            case "method": request.method = try text(entry.value, key: here).uppercased()
            case "body": request.body = try template(entry.value, key: here)
            case "answers": request.answers = try variables(entry.value, key: here).values
            case "status":
                guard let status = Int(try text(entry.value, key: here)), (100...599).contains(status) else {
                    throw problem(entry.line, here, "an HTTP status is a number from 100 to 599")
                }
                request.status = status
            default:
                throw problem(entry.line, here, "unknown key; a request takes url, method, body, answers and status")
            }
    }
}

/// The problems one reading of a test file found (the reader is a value; this is its notebook).
final class ProblemLog {
    var problems: [TestFileError] = []
}
