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

    /// `authorize` with `acr_values` that do not name the journey the session comes from.
    static func acrNotSatisfied(journey: String) -> OAuthError {
        OAuthError(.badRequest, "login_required", "The session comes from journey \(journey), which is not among the acr_values: run one of those journeys first")
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

    /// The JSON answer; an `invalid_token` also carries `WWW-Authenticate: Bearer error="invalid_token"`.
    var response: Response {
        var response = Response.json(.object([("error_description", .string(errorDescription)), ("error", .string(error))]), status: status)
        if status == .unauthorized {
            response.headers[.wwwAuthenticate] = #"Bearer error="\#(error)""#
        }
        return response
    }
}
