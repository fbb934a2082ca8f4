import AsyncHTTPClient
import DemoAM
import Foundation
import NIOCore
import NIOHTTP1

/// A raw HTTP reply: status, headers, body text and the body as JSON.
struct Reply {
    let status: Int
    let headers: HTTPHeaders
    let text: String

    var json: JSON { JSON.parse(text) ?? .null }

    /// The callbacks of a step.
    var callbacks: [JSON] { json["callbacks"]?.array ?? [] }

    /// The callback types of a step, in order.
    var types: [String] { callbacks.compactMap { $0["type"]?.string } }

    var setCookies: [String] { headers["Set-Cookie"] }
}

/// A tiny AM client for the tests: plain HTTP and JSON, nothing from the engine.
struct AMClient {
    static let apiVersion = "resource=2.1, protocol=1.0"

    let baseURL: String

    init(_ server: DemoAM) {
        baseURL = server.baseURL
    }

    /// Starts `journey` with `POST …/authenticate?authIndexType=service&authIndexValue=<journey>[&query]`.
    func start(_ journey: String, realmPath: String = "/json/realms/root", query: String = "", headers: [(String, String)] = []) async throws -> Reply {
        let journeyQuery = "authIndexType=service&authIndexValue=\(journey)" + (query.isEmpty ? "" : "&\(query)")
        return try await authenticate(realmPath: realmPath, query: journeyQuery, headers: headers)
    }

    /// Answers `step` after setting the given input values (by input name).
    func submit(_ step: Reply, _ values: [String: JSON] = [:], realmPath: String = "/json/realms/root", query: String = "") async throws -> Reply {
        try await authenticate(realmPath: realmPath, query: query, body: filled(step.json, values))
    }

    /// `POST <baseURL><realmPath>/authenticate[?query]` with a JSON body, raw text, or nothing.
    func authenticate(
        realmPath: String = "/json/realms/root",
        query: String = "",
        body: JSON? = nil,
        rawBody: String? = nil,
        apiVersion: String? = AMClient.apiVersion,
        headers: [(String, String)] = []
    ) async throws -> Reply {
        var request = HTTPClientRequest(url: baseURL + realmPath + "/authenticate" + (query.isEmpty ? "" : "?\(query)"))
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        if let apiVersion { request.headers.add(name: "Accept-API-Version", value: apiVersion) }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body {
            request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(body)))
        } else if let rawBody {
            request.body = .bytes(ByteBuffer(string: rawBody))
        }
        return try await send(request)
    }

    /// `GET <baseURL><path>` with extra headers.
    func get(_ path: String, headers: [(String, String)] = []) async throws -> Reply {
        var request = HTTPClientRequest(url: baseURL + path)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        return try await send(request)
    }

    /// Sends the request as it is; redirects are returned, not followed.
    func send(_ request: HTTPClientRequest) async throws -> Reply {
        let response = try await notFollowingRedirects.execute(request, timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 1 << 20)
        return Reply(status: Int(response.status.code), headers: response.headers, text: String(buffer: body))
    }
}

/// An HTTP client that hands back 302s, so tests can read `Location`. Never shut down: it lives as
/// long as the test process.
private let notFollowingRedirects: HTTPClient = {
    var configuration = HTTPClient.Configuration()
    configuration.redirectConfiguration = .disallow
    return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
}()

/// The step with the inputs named in `values` set; everything else is echoed as received.
func filled(_ step: JSON, _ values: [String: JSON]) -> JSON {
    guard case .object(var members) = step else { return step }
    members["callbacks"] = .array(
        (step["callbacks"]?.array ?? []).map { callback in
            guard case .object(var fields) = callback, let inputs = callback["input"] else { return callback }
            fields["input"] = .array(
                inputs.array.map { input in
                    guard let name = input["name"]?.string, let value = values[name] else { return input }
                    return ["name": .string(name), "value": value]
                }
            )
            return .object(fields)
        }
    )
    return .object(members)
}

extension JSON {
    /// A callback's outputs by name.
    var outputs: [String: JSON] {
        Dictionary((self["output"]?.array ?? []).map { ($0["name"]?.string ?? "", $0["value"] ?? .null) }, uniquingKeysWith: { first, _ in first })
    }

    /// A callback's input names, in order.
    var inputNames: [String] {
        (self["input"]?.array ?? []).compactMap { $0["name"]?.string }
    }

    /// A callback's input value by name.
    func input(_ name: String) -> JSON? {
        (self["input"]?.array ?? []).first { $0["name"]?.string == name }?["value"]
    }
}
