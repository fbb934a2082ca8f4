import Foundation
import JourneyEngine
import Orchestrate
import Testing

/// Hand-made inputs for `ResourceMachine` scripts: a call, credentials, resource answers and the
/// results a driver reports back.
enum ResourceScript {
    static let url = URL(string: "http://127.0.0.1:9999/api/balance")!
    static let bearer = ResourceCredential.bearer(accessToken: "at-old")
    static let session = ResourceCredential.session(cookieName: "iPlanetDirectoryPro", ssoToken: "sso-old")
    static let scopes = ["openid", "profile"]

    static func machine(_ call: ResourceCall = ResourceCall(url: url), credential: ResourceCredential = bearer,
                        scopes: [String] = scopes) -> ResourceMachine {
        ResourceMachine(call: call, credential: credential, configuredScopes: scopes, signInJourney: "Login")
    }

    /// Starts the machine and returns the request it sends first.
    static func started(_ machine: inout ResourceMachine) throws -> HTTPRequest {
        try request(in: machine.start())
    }

    /// The request of a `.send`; records an issue for any other action.
    static func request(in action: ResourceMachine.Action) throws -> HTTPRequest {
        guard case .send(let request) = action else {
            Issue.record("expected a request, got \(action)")
            throw ScriptStopped()
        }
        return request
    }

    static func response(_ status: Int, _ headers: [(String, String)] = [], body: String = "") -> HTTPResponse {
        HTTPResponse(status: status, headers: headers.map { HTTPHeader($0.0, $0.1) }, body: Data(body.utf8))
    }

    static let ok = response(200, [("Content-Type", "application/json")], body: #"{"balance":"1234.56"}"#)

    static func stepUp(acr: String? = "StepUp", maxAge: Int? = nil) -> HTTPResponse {
        var parameters = [#"error="insufficient_user_authentication""#]
        if let acr { parameters.append(#"acr_values="\#(acr)""#) }
        if let maxAge { parameters.append(#"max_age="\#(maxAge)""#) }
        return response(401, [("WWW-Authenticate", "Bearer " + parameters.joined(separator: ", "))])
    }

    static func insufficientScope(_ scope: String) -> HTTPResponse {
        response(403, [("WWW-Authenticate", #"Bearer error="insufficient_scope", scope="\#(scope)""#)])
    }

    static let signedIn = LoginSuccess(tokenId: "sso-new", successUrl: "/am/console", realm: "/")
    static let journeyFailure = JourneyError.authenticationFailed(AMErrorBody(code: 401, reason: "Unauthorized", message: "Login failure", detail: nil))

    /// The hops' kinds, in order.
    static func kinds(_ machine: ResourceMachine) -> [ResourceHop.Kind] { machine.hops.map(\.kind) }

    struct ScriptStopped: Error {}
}
