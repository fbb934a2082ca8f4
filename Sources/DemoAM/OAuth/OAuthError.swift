import HTTPTypes
import Hummingbird

/// An OAuth 2.0 error as AM answers it: `{"error_description","error"}` with a 4xx status, or
/// the `error` and `error_description` of an error redirect from `authorize`.
struct OAuthError: Error {
    let status: HTTPResponse.Status
    /// The RFC 6749 error code, e.g. `invalid_grant`.
    let error: String
    let errorDescription: String

    /// A code or refresh token that is unknown, used, expired, revoked, for another client or
    /// redirect URI, or whose PKCE verifier does not match.
    static let invalidGrant = OAuthError(.badRequest, "invalid_grant", "grant is invalid")
    /// `client_id` is missing or not a client of the demo AM.
    static let invalidClient = OAuthError(.badRequest, "invalid_client", "Client authentication failed")
    /// A scope the client may not ask for.
    static let invalidScope = OAuthError(.badRequest, "invalid_scope", "Unknown/invalid scope(s)")
    /// `redirect_uri` is missing or not registered for the client; never answered with a redirect.
    static let redirectURIMismatch = invalidRequest("The redirection URI provided does not match a pre-registered value.")
    /// A bearer token that is expired, revoked, malformed or unknown.
    static let invalidToken = OAuthError(
        .unauthorized, "invalid_token", "The access token provided is expired, revoked, malformed, or invalid for other reasons."
    )
    /// `authorize` without a valid SSO session for the realm.
    static let loginRequired = OAuthError(
        .badRequest, "login_required", "The user is not signed in: run a journey first and send its SSO token (iPlanetDirectoryPro)"
    )

    static func invalidRequest(_ description: String) -> OAuthError {
        OAuthError(.badRequest, "invalid_request", description)
    }

    static func missingParameter(_ name: String) -> OAuthError {
        invalidRequest("Missing parameter, '\(name)'")
    }

    static func unsupportedGrantType(_ type: String) -> OAuthError {
        OAuthError(.badRequest, "unsupported_grant_type", "Grant type is not supported: \(type)")
    }

    static func unsupportedResponseType(_ type: String) -> OAuthError {
        OAuthError(.badRequest, "unsupported_response_type", "Response type is not supported: \(type); use code")
    }

    /// `authorize` with `prompt=login`: a new sign-in, which needs a journey.
    static let promptLogin = OAuthError(
        .badRequest, "login_required", "prompt=login asks for a new sign-in, and the demo AM has no login page: run a journey with ForceAuth=true first"
    )
    /// A client's authentication (`client_secret_basic` or `client_secret_post`) is missing or wrong.
    static let clientAuthenticationFailed = OAuthError(.unauthorized, "invalid_client", "Client authentication failed")

    /// `authorize` with `max_age` shorter than the time since the session's last authentication.
    static func maxAgeExceeded(_ seconds: Int) -> OAuthError {
        OAuthError(.badRequest, "login_required", "The session authenticated more than max_age=\(seconds) seconds ago: run a journey again first")
    }

    /// `authorize` with `acr_values` naming no journey the session has passed.
    static func acrNotSatisfied(_ acrValues: [String]) -> OAuthError {
        OAuthError(
            .badRequest, "interaction_required",
            "The session has not passed \(acrValues.joined(separator: " or ")): walk the journey \(acrValues[0]) with this session first"
        )
    }

    static func consentRequired(client: String) -> OAuthError {
        OAuthError(.badRequest, "consent_required", "The user has not given consent to client \(client), and the demo AM cannot ask for it")
    }

    static func serverError(_ description: String) -> OAuthError {
        OAuthError(.internalServerError, "server_error", description)
    }

    private init(_ status: HTTPResponse.Status, _ error: String, _ errorDescription: String) {
        self.status = status
        self.error = error
        self.errorDescription = errorDescription
    }

    /// The JSON answer; a 401 also carries `WWW-Authenticate`: `Basic realm="AM"` for a client that
    /// failed to authenticate, `Bearer error="invalid_token"` for a bad token.
    var response: Response {
        var response = Response.json(.object([("error_description", .string(errorDescription)), ("error", .string(error))]), status: status)
        if status == .unauthorized {
            response.headers[.wwwAuthenticate] = error == "invalid_client" ? #"Basic realm="AM""# : #"Bearer error="\#(error)""#
        }
        return response
    }
}
