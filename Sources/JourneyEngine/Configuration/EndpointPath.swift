import Foundation

/// A custom endpoint as the SDKs take it: a path under the server URL (leading slash optional)
/// or a full URL. `{realm}` stands for AM's realm path, e.g. `realms/root/realms/alpha`, so
/// `json/{realm}/authenticate` is AM's own authenticate path.
public enum EndpointPath {
    /// Why the text cannot be an endpoint, or nil when it can.
    static func problem(with text: String) -> String? {
        if text.contains(where: { $0.isWhitespace }) { return "it must not contain spaces" }
        if text.contains("://") {
            guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
                  scheme == "http" || scheme == "https", components.host?.isEmpty == false else {
                return "a full URL must be http(s)://host/…"
            }
            return nil
        }
        let path = text.replacingOccurrences(of: "{realm}", with: "realm")
        if path.contains("?") || path.contains("#") { return "a path must not have a query or fragment" }
        if path.split(separator: "/").contains(where: { $0 == ".." }) { return "a path must not climb out of the server URL with .." }
        if path.contains("{") || path.contains("}") { return "the only placeholder is {realm}" }
        return nil
    }

    /// The endpoint's URL for a server: a full URL as it is, a path appended to the base URL.
    public static func resolve(_ text: String, on server: ServerConfiguration) -> URL? {
        let expanded = text.replacingOccurrences(of: "{realm}", with: server.realm.urlPath)
        if expanded.contains("://") { return URL(string: expanded) }
        var components = URLComponents(url: server.baseURL, resolvingAgainstBaseURL: false)
        let path = expanded.hasPrefix("/") ? String(expanded.dropFirst()) : expanded
        let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        components?.percentEncodedPath = server.baseURL.path(percentEncoded: true) + "/" + encoded
        return components?.url
    }
}
