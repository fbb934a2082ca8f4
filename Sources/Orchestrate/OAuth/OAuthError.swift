/// Why an OAuth step failed, in words that say what to do. Server text is neutralised.
public enum OAuthError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No HTTP answer.
    case transport(TransportError)
    /// A status other than success, without an OAuth error in the body.
    case rejected(status: Int, excerpt: String)
    /// The server's `error` / `error_description`, from a JSON body or the redirect's query.
    case server(error: String, description: String?)
    /// The redirect's `state` is not the one sent: the answer is not for this request.
    case stateMismatch
    /// `/authorize` redirected without a code or an error.
    case noCode(location: String?)
    /// `/authorize` answered without redirecting (e.g. a login page), so no code.
    case notRedirected(status: Int, excerpt: String)
    case malformed(String)
    /// There is no SSO session to mint tokens from.
    case noSession
    /// The new tokens' ID token checks out wrong (a replayed nonce, a forged signature, another
    /// issuer or client), or could not be checked where only verified ones are kept: the tokens
    /// were revoked at the issuer and not kept.
    case idTokenRefused(IDTokenProblem)

    public var description: String {
        switch self {
        case .transport(let error):
            return error.description
        case .rejected(let status, let excerpt):
            return "The server answered HTTP \(status) instead of an OAuth answer" + (excerpt.isEmpty ? "." : ": \(excerpt)")
        case .server(let error, let description):
            let detail = description.map { " (\(TerminalText.line($0)))" } ?? ""
            switch error {
            case "consent_required":
                return "The server wants the user's consent for this OAuth client, which a terminal cannot give\(detail). "
                    + "Allow implied consent on the client (and let clients skip consent in the OAuth provider)."
            case "login_required":
                return "The server did not accept the session for /authorize\(detail). Sign in again."
            case "invalid_grant":
                return "The server refused the grant: it is used, expired or revoked\(detail)."
            case "invalid_client":
                return "The server does not know this OAuth client, or it is not allowed here\(detail). Check the OAuth client id."
            case "invalid_scope":
                return "The server refused the requested scope\(detail). Check the scope against the client's allowed scopes."
            case "invalid_token":
                return "The server refused the access token: it is expired, revoked or invalid\(detail)."
            default:
                return "The server answered with the OAuth error \(TerminalText.line(error))\(detail)."
            }
        case .stateMismatch:
            return "The authorize redirect carried a different state than the one sent; it was ignored."
        case .noCode(let location):
            return "The authorize redirect carried no code" + (location.map { " (to \(TerminalText.line($0)))" } ?? "")
                + ". Check that the redirect URI is registered for the client."
        case .notRedirected(let status, let excerpt):
            return "/authorize answered HTTP \(status) instead of redirecting with a code: \(excerpt)"
        case .malformed(let problem):
            return "The server's OAuth answer could not be read: \(problem)."
        case .noSession:
            return "There is no SSO session to get tokens for; sign in first."
        case .idTokenRefused(let problem):
            return "The new tokens were refused, because their ID token does not verify: \(problem). They were revoked and not kept."
        }
    }
}
