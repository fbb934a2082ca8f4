import Foundation
import JourneyEngine
import JourneyMaps
import JourneyTesting
import Orchestrate

/// `journey test --coverage`: the nodes and outcomes of the exported journeys a demo AM serves
/// (`journey serve --journeys`) that the tests reached and took. The record is cleared on each
/// server before the tests and read after them.
enum TestCoverage {
    /// A server the cases run against, with the transport their options give.
    struct Server {
        let base: URL
        let transport: any HTTPTransport
    }

    /// The journey servers of `cases`, each once.
    static func servers(of cases: [PreparedCase]) -> [Server] {
        var servers: [Server] = []
        for prepared in cases {
            guard case .journey(_, let server, _) = prepared.target, !servers.contains(where: { $0.base == server.baseURL }) else { continue }
            servers.append(Server(base: server.baseURL, transport: HTTPTransports.make(for: prepared.options.common)))
        }
        return servers
    }

    static func clear(_ server: Server) async throws(TestCoverageProblem) {
        _ = try await send(server, method: "POST", query: "?_action=clear")
    }

    static func read(_ server: Server) async throws(TestCoverageProblem) -> (journeys: [JourneyCoverage], json: Data) {
        let body = try await send(server, method: "GET", query: "")
        guard let journeys = JourneyCoverage.read(body) else {
            throw TestCoverageProblem("\(server.base.absoluteString) answered GET /demo/coverage with something that is no coverage record")
        }
        return (journeys, body)
    }

    private static func send(_ server: Server, method: String, query: String) async throws(TestCoverageProblem) -> Data {
        let url = server.base.appending(path: "demo/coverage")
        guard let address = URL(string: url.absoluteString + query) else { throw TestCoverageProblem("\(url.absoluteString) is no address") }
        let response: HTTPResponse
        do throws(TransportError) {
            response = try await server.transport.send(HTTPRequest(method: method, url: address, headers: [HTTPHeader("Accept", "application/json")],
                                                                   body: nil, timeout: .seconds(30)))
        } catch {
            throw TestCoverageProblem("\(server.base.absoluteString): \(error.description)")
        }
        guard response.status == 200 else {
            throw TestCoverageProblem("\(server.base.absoluteString) keeps no coverage (\(method) /demo/coverage answered \(response.status)): "
                                      + "coverage is measured against journey serve --journeys")
        }
        return response.body
    }
}

/// Why coverage cannot be measured.
struct TestCoverageProblem: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
