import Hummingbird

/// An error answered in AM's style: `{"code","reason","message"[,"detail"]}`.
///
/// Each kind of failure the demo AM reports has exactly one constructor here.
struct AMError: Error, HTTPResponseError {
    let status: HTTPResponse.Status
    let message: String
    let detail: JSONValue?

    /// A journey ended in failure: wrong password, cancelled, too many attempts, unknown user.
    static let loginFailure = AMError(status: .unauthorized, message: "Login failure", detail: .object([("failureUrl", "")]))
    /// The `authId` is older than the journey timeout, or its journey state is gone.
    static let sessionTimedOut = AMError(status: .unauthorized, message: "Session has timed out", detail: .object([("errorCode", "110")]))
    /// The `authId` is not one this server signed.
    static let invalidAuthId = AMError(status: .unauthorized, message: "Invalid authId", detail: nil)
    /// The `suspendedId` is unknown, expired or already used.
    static let suspendedTokenNotFound = AMError(
        status: .unauthorized,
        message: "org.forgerock.openam.auth.nodes.framework.token.SuspendedAuthSessionException: Token not found. It may have expired.",
        detail: nil
    )

    /// A node refused to go on (a provider's state or code that does not check out): 401 with why.
    static func nodeRefused(_ message: String) -> AMError {
        AMError(status: .unauthorized, message: message, detail: .object([("failureUrl", "")]))
    }

    /// The session token is missing, unknown or ended.
    static let accessDenied = AMError(status: .unauthorized, message: "Access Denied", detail: nil)

    /// A live session whose user may not do this (AM's admin API for a user who is no administrator).
    static let forbidden = AMError(status: .forbidden, message: "User does not have permission", detail: nil)

    static func badRequest(_ message: String) -> AMError {
        AMError(status: .badRequest, message: message, detail: nil)
    }

    static func notFound(_ message: String) -> AMError {
        AMError(status: .notFound, message: message, detail: nil)
    }

    /// No route for this path.
    static func resourceNotFound(_ path: String) -> AMError {
        notFound("Resource '\(path)' not found")
    }

    /// The same error in AM's body style, for errors Hummingbird raises (unknown route, body too large).
    init(_ error: HTTPError) {
        self.init(status: error.status, message: error.body ?? error.status.reasonPhrase, detail: nil)
    }

    private init(status: HTTPResponse.Status, message: String, detail: JSONValue?) {
        self.status = status
        self.message = message
        self.detail = detail
    }

    var body: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("code", .int(status.code)), ("reason", .string(status.reasonPhrase)), ("message", .string(message)),
        ]
        if let detail { members.append(("detail", detail)) }
        return .object(members)
    }

    func response(from request: Request, context: some RequestContext) -> Response {
        response
    }

    var response: Response {
        .json(body, status: status)
    }
}
