import Foundation
import HTTPTypes
import Hummingbird
import Logging
import LoopbackHTTP

/// `journey serve --replay FILE.har`: a mock AM on 127.0.0.1 that answers the requests of a
/// recorded run with the responses recorded for them (`ReplayLedger`), and any other request
/// with an AM-like JSON error naming what differed. Shares no code with the clients.
public final class ReplayServer: Sendable {
    /// `http://127.0.0.1:<port>` and the recorded paths' prefix (`/am`): what a client is pointed at.
    public let baseURL: String
    /// How many exchanges the HAR holds to replay.
    public let exchangeCount: Int
    private let server: RunningServer

    private init(baseURL: String, exchangeCount: Int, server: RunningServer) {
        self.baseURL = baseURL
        self.exchangeCount = exchangeCount
        self.server = server
    }

    /// Reads `file` and listens on 127.0.0.1:`port` (0 picks a free one); returns once it accepts
    /// connections. Every answer is logged at info, every refusal at warning.
    public static func start(file: String, port: Int, logger: Logger) async throws(HARReplayError) -> ReplayServer {
        let archive = try HARArchive.read(file)
        return try await start(archive, port: port, logger: logger)
    }

    /// The same, from a HAR document in memory; `name` stands for the file in messages.
    public static func start(har: Data, named name: String, port: Int, logger: Logger) async throws(HARReplayError) -> ReplayServer {
        try await start(HARArchive.parse(har, file: name), port: port, logger: logger)
    }

    private static func start(_ archive: HARArchive, port: Int, logger: Logger) async throws(HARReplayError) -> ReplayServer {
        let responder = ReplayResponder(ledger: ReplayLedger(archive.exchanges), redacted: RedactedValues(archive.exchanges), logger: logger)
        let server: RunningServer
        do {
            server = try await RunningServer.launch(
                responder: CallbackResponder<BasicRequestContext> { request, _ in try await responder.respond(to: request) },
                port: port, logger: logger)
        } catch {
            throw .cannotListen(port: error.port, reason: error.reason)
        }
        return ReplayServer(baseURL: "http://127.0.0.1:\(server.port)\(archive.basePath)", exchangeCount: archive.exchanges.count, server: server)
    }

    /// Shuts the server down gracefully and waits until it has.
    public func stop() async {
        await server.stop()
    }
}

/// Turns a request into the recorded response, or into a refusal.
struct ReplayResponder: Sendable {
    let ledger: ReplayLedger
    let redacted: RedactedValues
    let logger: Logger

    /// Headers of the recorded response that are not replayed: the server sets them for the
    /// body it sends now (which may differ in length: stand-ins for redacted tokens).
    static let regeneratedHeaders: Set<String> = ["content-length", "transfer-encoding", "connection", "date", "content-encoding", "keep-alive"]

    func respond(to request: Request) async throws -> Response {
        let body = try await request.body.collect(upTo: 4 << 20)
        var components = URLComponents()
        components.percentEncodedQuery = request.uri.query
        let received = ReceivedRequest(
            method: request.method.rawValue.uppercased(), path: request.uri.path,
            query: (components.queryItems ?? []).map { NameValue(name: $0.name, value: $0.value ?? "") },
            body: ReplayBody(received: Data(buffer: body), contentType: request.headers[.contentType]))
        switch ledger.verdict(for: received) {
        case .replay(let exchange):
            logger.info("\(received.method) \(received.path) → \(exchange.status) (entry \(exchange.number))")
            return recorded(exchange)
        case .refuse(let status, let reason):
            logger.warning("\(received.method) \(received.path) → \(status): \(reason)")
            return refusal(status: status, reason: reason)
        }
    }

    private func recorded(_ exchange: RecordedExchange) -> Response {
        var headers = HTTPFields()
        for header in exchange.headers where !Self.regeneratedHeaders.contains(header.name.lowercased()) {
            guard let name = HTTPField.Name(header.name) else { continue }
            headers.append(HTTPField(name: name, value: redacted.servable(header.value)))
        }
        let text = String(decoding: exchange.responseBody, as: UTF8.self)
        let body = exchange.responseBody.isEmpty ? Data() : Data(redacted.servable(text).utf8)
        return Response(status: HTTPResponse.Status(code: exchange.status), headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// AM's error body (`code`, `reason`, `message`), which clients show as they show AM's own.
    private func refusal(status: Int, reason: String) -> Response {
        let phrase = status == 404 ? "Not Found" : "Bad Request"
        let object = ["code": status as Any, "reason": phrase, "message": "Not recorded: \(reason)"]
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return Response(status: HTTPResponse.Status(code: status), headers: [.contentType: "application/json"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
