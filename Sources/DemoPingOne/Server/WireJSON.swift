import Foundation
import HTTPTypes
import Hummingbird

/// PingOne's JSON as this demo writes and reads it: Foundation's `JSONSerialization`, on
/// purpose nothing the clients use, so a misreading of the protocol cannot hide in both.
enum WireJSON {
    /// A response with a JSON body.
    static func response(_ object: [String: Any], status: HTTPResponse.Status = .ok, cookies: [String] = []) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        for cookie in cookies { headers.append(HTTPField(name: .setCookie, value: cookie)) }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// The request's body as a JSON object, nil when it is not one.
    static func object(in request: Request) async -> [String: Any]? {
        guard let buffer = try? await request.body.collect(upTo: 1 << 20) else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(buffer: buffer))) as? [String: Any]
    }

    /// A form-encoded body (`application/x-www-form-urlencoded`) as its fields.
    static func form(in request: Request) async -> [String: String] {
        guard let buffer = try? await request.body.collect(upTo: 1 << 16) else { return [:] }
        var fields: [String: String] = [:]
        for pair in String(buffer: buffer).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0) }
            if let name = parts.first, fields[name] == nil { fields[name] = parts.count > 1 ? parts[1] : "" }
        }
        return fields
    }

    /// An OAuth error (RFC 6749 §5.2).
    static func oauthError(_ error: String, _ description: String, status: HTTPResponse.Status = .badRequest) -> Response {
        response(["error": error, "error_description": description], status: status)
    }
}
