import Foundation

/// The query of a URL or a relative reference, read as a servlet (AM, PingGateway) reads it:
/// `+` is a space, then percent-decoding. Found by scanning for `?` and `#`, so characters a
/// URL parser refuses (a raw `<` or space) do not hide the query.
public enum FormQuery {
    /// The parameters, decoded once; the first of a repeated name wins.
    public static func parameters(of reference: String) -> [String: String] {
        guard let questionMark = reference.firstIndex(of: "?") else { return [:] }
        let query = reference[reference.index(after: questionMark)...].prefix { $0 != "#" }
        var parameters: [String: String] = [:]
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decoded(parts[0])
            if parameters[name] == nil { parameters[name] = parts.count > 1 ? decoded(parts[1]) : "" }
        }
        return parameters
    }

    /// One form-decoding pass; text with a broken `%` escape stays as it is.
    public static func decoded(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
