import DaVinci
import Foundation
import JourneyEngine
import JourneyProfiles
import Orchestrate

/// One test case ready to run: its options resolved and every `${…}` it uses known to be
/// fillable. Made by ``prepare(_:overrides:environment:)`` before anything is sent.
public struct PreparedCase: Sendable {
    public let test: JourneyTest
    public let caseLabel: String?
    public private(set) var scope: VariableScope
    public let options: ClientOptions
    /// Where each option came from (the test file, its profile, the environment, `--url`).
    public let optionSources: [OptionKey: OptionSource]
    public let target: Target

    /// What the case runs: a journey at AM, or a DaVinci flow at PingOne.
    public enum Target: Sendable {
        case journey(String, server: ServerConfiguration, oauth: OAuthConfiguration?)
        case flow(DaVinciConfiguration)
    }

    /// The same case with `values` over its variables of the same name: a row of `journey load
    /// --cases`. The journey and the options stay as prepared.
    public func with(variables values: [String: String]) -> PreparedCase {
        var changed = self
        for (name, value) in values { changed.scope.variables[name] = TestTemplate(literal: value) }
        return changed
    }

    /// What a whole run changes in every test: `--profile` and `--url`, and whether the person
    /// running it lets its files run shell commands (`--allow-commands`).
    public struct Overrides: Sendable, Hashable {
        public var profile: String?
        public var url: String?
        /// A `{command: …}` is code: a file that holds one is refused unless this is set.
        public var allowsCommands: Bool

        public init(profile: String? = nil, url: String? = nil, allowsCommands: Bool = false) {
            self.profile = profile
            self.url = url
            self.allowsCommands = allowsCommands
        }
    }

    /// The test's cases (one when it has none), each checked: its options resolve and no
    /// `${…}` it uses is missing. Refused with the file, line and key otherwise.
    public static func prepare(_ test: JourneyTest, overrides: Overrides = Overrides(),
                               environment: [String: String] = ProcessInfo.processInfo.environment) throws(TestFileError) -> [PreparedCase] {
        func refuse(_ line: Int?, _ key: String, _ problem: String) -> TestFileError {
            TestFileError(file: test.file, line: line, key: key, problem: problem)
        }
        if !overrides.allowsCommands, let (key, line) = firstCommand(in: test) {
            throw refuse(line, key, "runs a shell command; a test file runs code only when you say so: check its commands, then add --allow-commands")
        }
        var base = VariableScope(environment: environment, markedSecret: test.secretVariables)
        for variable in test.variables { base.variables[variable.name] = variable.value }
        // Options see the test's variables (not a case's), so every case runs against one server.
        var flags: [OptionKey: OptionLayers.FlagValue] = [:]
        var optionAudit = TemplateAudit(scope: base)
        for (key, value) in test.options where !(key == .url && overrides.url != nil) {
            if let problem = optionAudit.problem(filling: value) { throw refuse(test.line, key.rawValue, problem) }
            flags[key] = .init(.text(value.render(in: base)), source: .flag("\(key.rawValue) in \(test.file)"))
        }
        let resolved: ResolvedOptions
        let target: (VariableScope) -> Target
        let origin: URL
        do {
            resolved = try resolve(test, flags: flags, overrides: overrides, environment: environment)
            if resolved.options.kind == .davinci {
                guard test.journey == nil else { throw refuse(test.line, "journey", "a DaVinci profile runs a flow: name it with flow:") }
                guard test.expect.request == nil else {
                    throw refuse(test.expect.request?.line, "expect.request", "a DaVinci flow's test calls no API (request: is for journeys)")
                }
                let configuration = try resolved.options.davinciConfiguration()
                target = { _ in .flow(configuration) }
                origin = configuration.origin
            } else {
                guard test.flow == nil else { throw refuse(test.line, "flow", "flow: is for a DaVinci profile (kind: davinci); a journey is named with journey:") }
                let server = try resolved.options.serverConfiguration()
                let oauth = try resolved.options.oauthConfiguration()
                let fallback = resolved.options.authServiceName
                target = { scope in .journey(test.journey?.render(in: scope) ?? fallback, server: server, oauth: oauth) }
                origin = server.baseURL
            }
        } catch let error as TestFileError {
            throw error
        } catch {
            throw refuse(test.line, test.profile == nil ? "options" : "profile", "\(error)")
        }
        // Built in: the server the test runs against, and its origin (where the demo API lives).
        base.variables["url"] = base.variables["url"] ?? TestTemplate(literal: resolved.options.kind == .davinci ? Self.origin(of: origin) : resolved.options.url)
        base.variables["origin"] = base.variables["origin"] ?? TestTemplate(literal: Self.origin(of: origin))
        let cases = test.cases.isEmpty ? [nil] : test.cases.enumerated().map(Optional.some)
        return try cases.map { numbered throws(TestFileError) in
            var scope = base
            for value in numbered?.element.values ?? [] { scope.variables[value.name] = value.value }
            // Built in: a value of this run and case alone, for what a run creates (a user to register).
            scope.variables["unique"] = scope.variables["unique"] ?? TestTemplate(literal: uniqueValue())
            let label = numbered.map { $0.element.label(number: $0.offset + 1, secret: scope.isSecret) }
            var audit = TemplateAudit(scope: scope)
            for (key, line, template) in templates(of: test) {
                if let problem = audit.problem(filling: template) {
                    throw refuse(line, key, problem + (label.map { " (\($0))" } ?? ""))
                }
            }
            // A command reads every variable from its environment: each must fill in, fit there, and have a name of its own.
            if runsCommands(test) {
                var commandNames: [String: String] = [:]
                for name in scope.variables.keys.sorted() {
                    let inCase = numbered.flatMap { given in given.element.values.contains { $0.name == name } ? "cases[\(given.offset + 1)].\(name)" : nil }
                    let key = inCase ?? "vars.\(name)"
                    if let problem = audit.problem(fillingVariable: name, limit: VariableScope.commandVariableLimit) {
                        throw refuse(test.line, key, problem + (label.map { " (\($0))" } ?? ""))
                    }
                    let variable = VariableScope.commandVariable(for: name)
                    if let other = commandNames[variable] {
                        throw refuse(test.line, key, "${\(other)} and ${\(name)} both reach a command as $\(variable): rename one")
                    }
                    commandNames[variable] = name
                }
            }
            return PreparedCase(test: test, caseLabel: label, scope: scope, options: resolved.options, optionSources: resolved.sources,
                                target: target(scope))
        }
    }

    /// The test's options over its profile; `--url` replaces a journey's `url`, and the origin of
    /// a DaVinci profile's `discoveryEndpoint` (its path kept); a flow other than `default`
    /// is the `acrValues` the flow starts with.
    private static func resolve(_ test: JourneyTest, flags given: [OptionKey: OptionLayers.FlagValue], overrides: Overrides,
                                environment: [String: String]) throws -> ResolvedOptions {
        var flags = given
        if let flow = test.flow, flow != "default" { flags[.acrValues] = .init(.list([flow]), source: .flag("flow in \(test.file)")) }
        let layers = { (flags: [OptionKey: OptionLayers.FlagValue]) in
            OptionLayers(flags: flags, environment: environment, profileName: overrides.profile ?? test.profile)
        }
        guard let url = overrides.url else { return try OptionsResolver.resolve(layers(flags)) }
        let asGiven = try? OptionsResolver.resolve(layers(flags))
        guard let resolved = asGiven, resolved.options.kind == .davinci, let endpoint = resolved.options.discoveryEndpoint,
              var moved = URLComponents(url: endpoint, resolvingAgainstBaseURL: false), let server = URLComponents(string: url) else {
            flags[.url] = .init(.text(url), source: .flag("--url"))
            return try OptionsResolver.resolve(layers(flags))
        }
        moved.scheme = server.scheme
        moved.host = server.host
        moved.port = server.port
        flags[.discoveryEndpoint] = .init(.text(moved.string ?? endpoint.absoluteString), source: .flag("--url"))
        return try OptionsResolver.resolve(layers(flags))
    }

    /// `${unique}`: `t` and nine random hex digits, new for each run and case, safe in a
    /// username and in an email address.
    private static func uniqueValue() -> String {
        "t" + UUID().uuidString.lowercased().filter(\.isHexDigit).prefix(9)
    }

    /// `http://127.0.0.1:8180` of `http://127.0.0.1:8180/am`.
    private static func origin(of url: URL) -> String {
        var components = URLComponents()
        components.scheme = url.scheme
        components.host = url.host()
        components.port = url.port
        return components.string ?? url.absoluteString
    }

    /// Whether a step of the test runs a `{command: …}`.
    private static func runsCommands(_ test: JourneyTest) -> Bool {
        firstCommand(in: test) != nil
    }

    /// The key and line of the test's first `{command: …}`.
    private static func firstCommand(in test: JourneyTest) -> (key: String, line: Int?)? {
        for (index, step) in test.steps.enumerated() {
            if let answer = step.answerCommands.first { return ("steps[\(index + 1)].answers.\(answer.name)", step.line) }
            if case .command = step.resume { return ("steps[\(index + 1)].resume", step.line) }
        }
        return nil
    }

    /// Every template a run fills in, with its key and line.
    private static func templates(of test: JourneyTest) -> [(String, Int?, TestTemplate)] {
        var all: [(String, Int?, TestTemplate)] = []
        if let journey = test.journey { all.append(("journey", test.line, journey)) }
        for (index, step) in test.steps.enumerated() {
            all += step.answers.map { ("steps[\(index + 1)].answers.\($0.name)", step.line, $0.value) }
            if case .link(let link) = step.resume { all.append(("steps[\(index + 1)].resume", step.line, link)) }
        }
        if let request = test.expect.request {
            all.append(("expect.request.url", request.line, request.url))
            if let body = request.body { all.append(("expect.request.body", request.line, body)) }
            all += request.answers.map { ("expect.request.answers.\($0.name)", request.line, $0.value) }
        }
        return all
    }
}
