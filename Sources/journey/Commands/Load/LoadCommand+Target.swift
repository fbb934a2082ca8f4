import ArgumentParser
import Foundation
import JourneyEngine
import JourneyLoad
import JourneyProfiles
import JourneyTesting
import Orchestrate

/// What `journey load` runs against: a journey walked with the client options `journey login`
/// takes (flags, `JOURNEY_…` variables, `--profile`), or test files; each server checked by
/// ``LoadTarget`` before anything is sent.
extension LoadCommand {
    /// The journey (`--journey`, else the options' `authServiceName`) walked with `--answer`s
    /// against the server the options name, with their cookie name, timeout, headers and TLS.
    func journeyScenario() throws -> (any LoadScenario, String) {
        let layers = options.layers()
        let namesServer = layers.effectiveProfileName != nil || layers.flags[.url] != nil
            || EnvironmentOptions.sets(.url, in: layers.environment)
        guard namesServer else {
            throw ValidationError("Give test files (journey load journey-tests), or --profile NAME or --url with --journey and --answer.")
        }
        let resolved = try ConfigurationOptions.resolve(layers)
        let client = resolved.options
        guard client.kind == .journey else {
            throw ValidationError("kind: davinci runs a DaVinci flow, not a journey: load it with test files (flow: in docs/testing.md).")
        }
        let server: ServerConfiguration
        do {
            server = try client.serverConfiguration()
        } catch {
            throw ValidationError(error.description)
        }
        try checkDestinations(server.destinations, allowedByProfile: LoadTarget.vouches(resolved.options, sources: resolved.sources))
        let journey = journey ?? client.authServiceName
        let scenario = JourneyWalkScenario(server: server, journey: journey, answers: try answers.book(),
                                           transport: HTTPTransports.make(for: client))
        return (scenario, "\(TerminalText.line(journey)) → \(server.baseURL.absoluteString)")
    }

    /// The test files' cases, each server checked as the journey's is.
    func testFileScenario(rows: [[String: String]]) throws -> (any LoadScenario, String) {
        guard journey == nil else { throw ValidationError("--journey is for a run without test files: each test names its own journey.") }
        guard answers.assignments.isEmpty, answers.answersFile == nil else {
            throw ValidationError("--answer and --answers are for a run without test files: each test answers its own pages (answers: in docs/testing.md).")
        }
        let cases = try checkedTestCases(paths: paths, rows: rows)
        do throws(TestFileScenarioError) {
            return (try TestFileScenario(cases: cases, signIn: signIn), cases.count == 1 ? "1 test case" : "\(cases.count) test cases")
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The cases of the test files at `paths`, with `--profile` and `--url` over each test's own,
    /// refused when a place one sends to (with each row of `--cases` in its variables) is not
    /// loopback and nothing says the person owns it.
    func checkedTestCases(paths: [String], rows: [[String: String]]) throws -> [PreparedCase] {
        let overrides = try testOverrides()
        let cases: [PreparedCase]
        do {
            cases = try TestFiles.prepare(paths: paths, filter: nil, overrides: overrides)
        } catch {
            throw ValidationError(error.errors.map(\.description).joined(separator: "\n"))
        }
        guard !cases.isEmpty else { throw ValidationError("No test to run in \(paths.joined(separator: " ")).") }
        for prepared in cases {
            let allowed = LoadTarget.vouches(prepared.options, sources: prepared.optionSources)
            for variables in rows.isEmpty ? [[:]] : rows {
                try checkDestinations(prepared.with(variables: variables).destinations, allowedByProfile: allowed)
            }
        }
        return cases
    }

    /// `--profile`, `--url` and `--allow-commands`, as `journey test` takes them; the other
    /// client options are each test's own, so giving one is a mistake said as such.
    func testOverrides() throws -> PreparedCase.Overrides {
        let ignored = options.flagValues.filter { $0.key != .url }.values.compactMap { value -> String? in
            if case .flag(let name) = value.source { return name }
            return nil
        }
        guard ignored.isEmpty else {
            throw ValidationError("\(ignored.sorted().joined(separator: ", ")) cannot be used with test files: each test takes its options from its profile and its file; --profile and --url replace every test's own.")
        }
        return PreparedCase.Overrides(profile: options.profile, url: options.url, allowsCommands: allowCommands)
    }

    /// Checks every place a run sends to; the first is the server the options name, which is
    /// all a profile's `loadAllowed` vouches for: an endpoint or API on another host needs the
    /// flag (or loopback).
    private func checkDestinations(_ urls: [URL], allowedByProfile: Bool) throws {
        let server = urls.first?.host(percentEncoded: false)?.lowercased()
        for url in urls {
            try checkTarget(url, allowedByProfile: allowedByProfile && url.host(percentEncoded: false)?.lowercased() == server)
        }
    }

    /// Refuses a server that is not loopback unless `--i-own-this-server` or the profile's
    /// `loadAllowed` says the person owns it. A `--url` replaces the profile's server, so then
    /// only the flag does (the profile vouched for its own server, not that one).
    private func checkTarget(_ url: URL, allowedByProfile: Bool) throws {
        do throws(LoadTargetRefusal) {
            try LoadTarget.check(url, ownsServer: ownsServer || allowedByProfile)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
