import Hummingbird

extension Request {
    /// How the revocation route names this request: the method and path, with `_action` as the
    /// only query parameter kept, so no token sent in the query (`id_token_hint`) is copied.
    var revocationSummary: String {
        let action = uri.queryParameters["_action"].map { "?_action=\($0)" } ?? ""
        return "\(method.rawValue) \(uri.path)\(action)"
    }
}
