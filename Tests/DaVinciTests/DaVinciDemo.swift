import DaVinci
import DemoAM
import DemoPingOne
import Foundation
import Logging
import Orchestrate
import Testing

/// A demo server (the demo AM with the demo PingOne beside it) on a free port, and a DaVinci
/// client configured for its environment.
struct DaVinciDemo {
    let server: DemoAM
    let configuration: DaVinciConfiguration

    static func with(_ pingOne: DemoPingOneConfiguration = DemoPingOneConfiguration(), acrValues: [String] = [],
                     _ body: (DaVinciDemo) async throws -> Void) async throws {
        let server = try await DemoAM.start(DemoAMConfiguration(port: 0, pingOne: pingOne),
                                            logger: Logger(label: "demo") { _ in SwiftLogNoOpLogHandler() })
        do {
            let configuration = try DaVinciConfiguration(
                discoveryEndpoint: server.pingOneDiscoveryEndpoint, clientId: DemoPingOne.defaultClientId,
                scopes: ["openid", "profile", "email", "phone"], redirectURI: DemoPingOne.defaultRedirectURI, acrValues: acrValues)
            try await body(DaVinciDemo(server: server, configuration: configuration))
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    func client(transport: any HTTPTransport = AsyncHTTPTransport(), wireTap: WireTap? = nil) -> DaVinciClient {
        DaVinciClient(configuration: configuration, transport: transport, wireTap: wireTap)
    }

    /// The last one-time code the environment "sent".
    func lastCode() async -> String? { await server.pingOne.outbox().last?.code }
}

extension DaVinciStep {
    /// The step with `values` typed into its collectors by key (text, password, choice).
    func filled(_ values: [String: CollectorValue]) -> DaVinciStep {
        var step = self
        for index in step.collectors.indices {
            if let key = step.collectors[index].key, let value = values[key] { step.collectors[index].value = value }
        }
        return step
    }

    /// The index of the collector with this key.
    func index(of key: String) -> Int? { collectors.firstIndex { $0.key == key } }
}
