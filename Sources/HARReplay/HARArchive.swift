import Foundation
import HTTPTypes

/// The exchanges of a HAR 1.2 file (as `journey login --har` and the trace pane write them), in
/// recorded order, ready to replay. Entries without an answer (status 0: a refused connection,
/// a timeout) are left out: there is nothing to replay. Everything replay would put on the wire
/// is checked when the file is read, so a bad entry is refused naming it before the server
/// starts: the method, the status and each response header.
struct HARArchive: Sendable {
    let exchanges: [RecordedExchange]

    /// Reads and checks `file`; the error names the file and what is wrong in it.
    static func read(_ file: String) throws(HARReplayError) -> HARArchive {
        let data: Data
        do {
            data = try Data(contentsOf: URL(filePath: file))
        } catch {
            throw .unreadable(file: file, reason: (error as NSError).localizedDescription)
        }
        return try parse(data, file: file)
    }

    static func parse(_ data: Data, file: String) throws(HARReplayError) -> HARArchive {
        let document: HARDocument
        do {
            document = try JSONDecoder().decode(HARDocument.self, from: data)
        } catch let error as DecodingError {
            throw .malformed(file: file, problem: Self.describe(error))
        } catch {
            throw .malformed(file: file, problem: "it is not JSON")
        }
        var exchanges: [RecordedExchange] = []
        for (index, entry) in document.log.entries.enumerated() where entry.response.status != 0 {
            guard let url = URLComponents(string: entry.request.url), let scheme = url.scheme, ["http", "https"].contains(scheme.lowercased()),
                  !url.path.isEmpty else {
                throw .malformed(file: file, problem: "entry \(index + 1): request.url is not an http(s) URL with a path")
            }
            if let problem = Self.problem(of: entry) { throw .malformed(file: file, problem: "entry \(index + 1): \(problem)") }
            exchanges.append(RecordedExchange(number: index + 1, entry: entry, path: url.path))
        }
        guard !exchanges.isEmpty else { throw .malformed(file: file, problem: "it holds no answered exchange to replay") }
        return HARArchive(exchanges: exchanges)
    }

    /// What in an answered entry cannot go on the wire: a method that is not an HTTP token, a
    /// status outside 100–599, a header whose name is not a token or whose value holds a line
    /// break or another control character.
    private static func problem(of entry: HARDocument.Entry) -> String? {
        if HTTPRequest.Method(entry.request.method) == nil {
            return "request.method \(quoted(entry.request.method)) is not an HTTP method"
        }
        if !(100...599).contains(entry.response.status) {
            return "response.status \(entry.response.status) is not an HTTP status (100 to 599)"
        }
        for (place, header) in entry.response.headers.enumerated() {
            if header.name.hasPrefix(":") || HTTPField.Name(header.name) == nil {
                return "response.headers[\(place)].name \(quoted(header.name)) is not a header name"
            }
            if !HTTPField.isValidValue(header.value ?? "") || (header.value ?? "").contains(where: { $0.isNewline }) {
                return "response.headers[\(place)] (\(header.name)) has a value with a line break or a control character"
            }
        }
        return nil
    }

    /// A name or method as a message shows it: quoted, control characters escaped.
    private static func quoted(_ text: String) -> String {
        "\"" + text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined() + "\""
    }

    /// The part of the recorded paths before AM's `/json/` (`/am`): where the client is pointed.
    var basePath: String {
        for exchange in exchanges {
            if let range = exchange.path.range(of: "/json/") { return String(exchange.path[..<range.lowerBound]) }
        }
        return ""
    }

    /// A decoding error as a place in the file and a reason: `log.entries[2].request: "url" is missing`.
    private static func describe(_ error: DecodingError) -> String {
        func place(_ path: [any CodingKey]) -> String {
            let text = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.hasPrefix(".") ? String(text.dropFirst()) : (text.isEmpty ? "the top level" : text)
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(place(context.codingPath)): \"\(key.stringValue)\" is missing (is it a HAR 1.2 file?)"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(place(context.codingPath)) has the wrong type"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "it is not JSON" : "\(place(context.codingPath)) is not valid"
        @unknown default:
            return "it is not a HAR 1.2 file"
        }
    }
}

/// Why a HAR file cannot be replayed.
public enum HARReplayError: Error, Sendable, CustomStringConvertible {
    case unreadable(file: String, reason: String)
    case malformed(file: String, problem: String)
    case cannotListen(port: Int, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let file, let reason): "cannot read \(file): \(reason)"
        case .malformed(let file, let problem): "\(file) cannot be replayed: \(problem)"
        case .cannotListen(let port, let reason): "cannot listen on 127.0.0.1:\(port): \(reason)"
        }
    }
}

/// The members of a HAR file that replay reads; the others are ignored.
struct HARDocument: Decodable {
    struct Log: Decodable {
        let entries: [Entry]
    }

    struct Entry: Decodable {
        let request: Request
        let response: Response
    }

    struct Request: Decodable {
        let method: String
        let url: String
        let queryString: [Pair]?
        let postData: PostData?
    }

    struct PostData: Decodable {
        let mimeType: String?
        let text: String?
        let params: [Pair]?
    }

    struct Response: Decodable {
        let status: Int
        let headers: [Pair]
        let content: Content
    }

    struct Content: Decodable {
        let text: String?
    }

    struct Pair: Decodable, Sendable {
        let name: String
        let value: String?
    }

    let log: Log
}
