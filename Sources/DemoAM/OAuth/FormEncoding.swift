import Foundation

/// `application/x-www-form-urlencoded` text, as in OAuth 2.0 requests and redirect queries.
enum FormEncoding {
    /// Characters written as they are; everything else is percent-encoded, and a space is `+`.
    private static let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~ ")

    /// The parameters of `a=1&b=x+y`; for a repeated name the first value counts.
    static func decode(_ text: String) -> [String: String] {
        var parameters: [String: String] = [:]
        for (name, value) in decodePairs(text) where parameters[name] == nil {
            parameters[name] = value
        }
        return parameters
    }

    /// The parameters of `a=1&b=x+y` in order, repeated names included; undecodable pairs are left out.
    static func decodePairs(_ text: String) -> [(name: String, value: String)] {
        text.split(separator: "&").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decodeComponent(parts[0]), let value = decodeComponent(parts.count > 1 ? parts[1] : "") else { return nil }
            return (name, value)
        }
    }

    /// Percent-encodes everything but unreserved characters, a space as `%20`: a query value that
    /// every URL parser reads back the same.
    static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved.subtracting(CharacterSet(charactersIn: " "))) ?? ""
    }

    /// `name=value` pairs joined with `&`, in the given order.
    static func encode(_ pairs: [(name: String, value: String)]) -> String {
        pairs.map { encodeComponent($0.name) + "=" + encodeComponent($0.value) }.joined(separator: "&")
    }

    private static func decodeComponent(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    private static func encodeComponent(_ text: String) -> String {
        (text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? "").replacingOccurrences(of: " ", with: "+")
    }
}
