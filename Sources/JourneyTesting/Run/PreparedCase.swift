import Foundation
import JourneyEngine
import JourneyProfiles
import Orchestrate

/// One test case ready to run: its options resolved and every `${…}` it uses known to be
/// fillable. Made by ``prepare(_:overrides:environment:)`` before anything is sent.
public struct PreparedCase: Sendable {
    public let test: JourneyTest
    public let caseLabel: String?
    public let scope: VariableScope
    public let options: ClientOptions
    public let server: ServerConfiguration
    public let oauth: OAuthConfiguration?
    public let journey: String

    /// What a whole run changes in every test: `--profile` and `--url`.
    public struct Overrides: Sendable, Hashable {
        public var profile: String?
        public var url: String?

        public init(profile: String? = nil, url: String? = nil) {
            self.profile = profile
            self.url = url
        }
    }

    /// The test's cases (one when it has none), each checked: its options resolve and no
    /// `${…}` it uses is missing. Refused with the file, line and key otherwise.
    public static func prepare(_ test: JourneyTest, overrides: Overrides = Overrides(),
                               environment: [String: String] = ProcessInfo.processInfo.environment) throws(TestFileError) -> [PreparedCase] {
        func refuse(_ line: Int?, _ key: String, _ problem: String) -> TestFileError {
            TestFileError(file: test.file, line: line, key: key, problem: problem)
        }
        var base = VariableScope(environment: environment)
        for variable in test.variables { base.variables[variable.name] = variable.value }
        // Options see the test's variables (not a case's), so every case runs against one server.
        var flags: [OptionKey: OptionLayers.FlagValue] = [:]
        for (key, value) in test.options where !(key == .url && overrides.url != nil) {
            if let missing = value.missing(in: base).first { throw refuse(test.line, key.rawValue, "\(missing) is not set") }
            flags[key] = .init(.text(value.render(in: base)), source: .flag("\(key.rawValue) in \(test.file)"))
        }
        if let url = overrides.url { flags[.url] = .init(.text(url), source: .flag("--url")) }
        let resolved: ResolvedOptions
        let server: ServerConfiguration
        let oauth: OAuthConfiguration?
        do {
            resolved = try OptionsResolver.resolve(OptionLayers(flags: flags, environment: environment,
                                                                profileName: overrides.profile ?? test.profile))
            guard resolved.options.kind == .journey else {
                throw refuse(test.line, "profile", "a DaVinci profile runs a flow, which journey test does not run yet")
            }
            server = try resolved.options.serverConfiguration()
            oauth = try resolved.options.oauthConfiguration()
        } catch let error as TestFileError {
            throw error
        } catch {
            throw refuse(test.line, test.profile == nil ? "options" : "profile", "\(error)")
        }
        // Built in: the AM URL the test runs against, and its origin (where the demo API lives).
        base.variables["url"] = base.variables["url"] ?? TestTemplate(literal: resolved.options.url)
        base.variables["origin"] = base.variables["origin"] ?? TestTemplate(literal: Self.origin(of: server.baseURL))
        let cases = test.cases.isEmpty ? [nil] : test.cases.map(Optional.some)
        return try cases.map { values throws(TestFileError) in
            var scope = base
            for value in values?.values ?? [] { scope.variables[value.name] = value.value }
            for (key, line, template) in templates(of: test) {
                if let missing = template.missing(in: scope).first {
                    throw refuse(line, key, "\(missing) is not set" + (values.map { " (case \($0.label))" } ?? ""))
                }
            }
            let journey = test.journey?.render(in: scope) ?? resolved.options.authServiceName
            return PreparedCase(test: test, caseLabel: values?.label, scope: scope, options: resolved.options, server: server,
                                oauth: oauth, journey: journey)
        }
    }

    /// `http://127.0.0.1:8180` of `http://127.0.0.1:8180/am`.
    private static func origin(of url: URL) -> String {
        var components = URLComponents()
        components.scheme = url.scheme
        components.host = url.host()
        components.port = url.port
        return components.string ?? url.absoluteString
    }

    /// Every template a run fills in, with its key and line.
    private static func templates(of test: JourneyTest) -> [(String, Int?, TestTemplate)] {
        var all: [(String, Int?, TestTemplate)] = []
        if let journey = test.journey { all.append(("journey", test.line, journey)) }
        for (index, step) in test.steps.enumerated() {
            all += step.answers.map { ("steps[\(index + 1)].answers.\($0.name)", step.line, $0.value) }
            switch step.resume {
            case .link(let link): all.append(("steps[\(index + 1)].resume", step.line, link))
            case .command(let command): all.append(("steps[\(index + 1)].resume.command", step.line, command))
            case nil: break
            }
        }
        if let request = test.expect.request {
            all.append(("expect.request.url", request.line, request.url))
            if let body = request.body { all.append(("expect.request.body", request.line, body)) }
            all += request.answers.map { ("expect.request.answers.\($0.name)", request.line, $0.value) }
        }
        return all
    }
}
