import DemoAM
import JourneyTesting

/// Runs `body` with a demo AM on a free port; reads a test file written against it (`${url}`
/// and `${origin}` are the demo's) and runs its cases.
struct DemoAMServer {
    let demo: DemoAM

    static func with(_ body: (DemoAMServer) async throws -> Void) async throws {
        try await DemoAM.running { demo in try await body(DemoAMServer(demo: demo)) }
    }

    /// A DaVinci test of the demo PingOne's default flow: its options, then `body`.
    func flowTest(_ body: String) -> String {
        """
        kind: davinci
        discoveryEndpoint: \(demo.pingOneDiscoveryEndpoint)
        clientId: journeyterm-davinci
        scopes: openid profile email phone
        redirectUri: http://127.0.0.1/davinci/callback
        flow: default
        \(body)
        """
    }

    /// The cases of the tests in `yaml`, prepared against this demo AM with `environment`, their
    /// commands allowed (as `--allow-commands` does).
    func prepare(_ yaml: String, environment: [String: String] = [:]) throws -> [PreparedCase] {
        try TestFileReader(file: "demo.yaml").tests(in: yaml).flatMap { test in
            try PreparedCase.prepare(test, overrides: .init(url: demo.baseURL, allowsCommands: true), environment: environment)
        }
    }

    /// Runs every case of the tests in `yaml`.
    func run(_ yaml: String, environment: [String: String] = [:]) async throws -> [CaseResult] {
        var results: [CaseResult] = []
        for prepared in try prepare(yaml, environment: environment) { results.append(await TestRunner().run(prepared)) }
        return results
    }

    static let oauth = """
    oauthClientId: journeyterm
    oauthRedirectUri: urn:journeyterm:callback
    oauthScope: openid profile email
    """
}
