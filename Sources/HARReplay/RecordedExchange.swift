import Foundation

/// One recorded request and the answer AM gave it.
struct RecordedExchange: Sendable {
    /// The entry's place in the HAR file, counted from 1, for logs and messages.
    let number: Int
    let method: String
    /// The recorded URL's path (`/am/json/realms/root/authenticate`), whatever its host and port.
    let path: String
    let query: [NameValue]
    let body: ReplayBody
    let status: Int
    let headers: [NameValue]
    let responseBody: Data

    init(number: Int, entry: HARDocument.Entry, path: String) {
        self.number = number
        method = entry.request.method.uppercased()
        self.path = path
        query = (entry.request.queryString ?? []).map { NameValue(name: $0.name, value: $0.value ?? "") }
        body = ReplayBody(recorded: entry.request.postData)
        status = entry.response.status
        headers = entry.response.headers.map { NameValue(name: $0.name, value: $0.value ?? "") }
        responseBody = Data((entry.response.content.text ?? "").utf8)
    }
}

/// A query parameter, form field or header.
struct NameValue: Sendable, Equatable {
    let name: String
    let value: String
}

/// A request body as replay compares it.
enum ReplayBody: Sendable {
    case empty
    case json(ReplayJSON)
    case form([NameValue])
    /// Neither JSON nor a form; nil when the HAR left the text out.
    case text(String?)

    init(recorded postData: HARDocument.PostData?) {
        guard let postData else {
            self = .empty
            return
        }
        if let params = postData.params, postData.mimeType?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true {
            self = .form(params.map { NameValue(name: $0.name, value: $0.value ?? "") })
        } else if let text = postData.text, let json = try? JSONDecoder().decode(ReplayJSON.self, from: Data(text.utf8)) {
            self = .json(json)
        } else {
            self = postData.text?.isEmpty == false ? .text(postData.text) : .empty
        }
    }

    /// A body as a client sent it.
    init(received data: Data, contentType: String?) {
        guard !data.isEmpty else {
            self = .empty
            return
        }
        if contentType?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true {
            var components = URLComponents()
            components.percentEncodedQuery = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "+", with: "%20")
            self = .form((components.queryItems ?? []).map { NameValue(name: $0.name, value: $0.value ?? "") })
        } else if let json = try? JSONDecoder().decode(ReplayJSON.self, from: data) {
            self = .json(json)
        } else {
            self = .text(String(decoding: data, as: UTF8.self))
        }
    }
}

/// A JSON value, for comparing bodies member by member.
enum ReplayJSON: Sendable, Equatable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ReplayJSON])
    case object([String: ReplayJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([ReplayJSON].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: ReplayJSON].self))
        }
    }
}
