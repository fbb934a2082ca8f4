import Foundation
import HTTPTypes
import Hummingbird

/// The resource server's refusals: `WWW-Authenticate: Bearer realm="demo-api", …` (RFC 6750,
/// RFC 9470) with a JSON body `{"error","error_description"}`.
struct BearerChallenge: Sendable {
    let status: HTTPResponse.Status
    /// The parameters after `realm`, in order; `error` leads when there is one.
    let parameters: [(name: String, value: String)]

    /// No credentials: a bare challenge, no `error` (RFC 6750 §3.1).
    static let credentialsMissing = BearerChallenge(status: .unauthorized, parameters: [])

    static func invalidToken(_ description: String) -> BearerChallenge {
        BearerChallenge(status: .unauthorized, parameters: [("error", "invalid_token"), ("error_description", description)])
    }

    /// RFC 9470: the token's authentication is too weak; `acrValues` names the journey that fixes it.
    static func insufficientUserAuthentication(_ description: String, acrValues: String) -> BearerChallenge {
        BearerChallenge(
            status: .unauthorized,
            parameters: [("error", "insufficient_user_authentication"), ("error_description", description), ("acr_values", acrValues)]
        )
    }

    static func insufficientScope(_ scope: String, _ description: String) -> BearerChallenge {
        BearerChallenge(status: .forbidden, parameters: [("error", "insufficient_scope"), ("scope", scope), ("error_description", description)])
    }

    var response: Response {
        var response: Response
        if let error = parameters.first(where: { $0.name == "error" })?.value {
            let description = parameters.first { $0.name == "error_description" }?.value ?? ""
            response = .json(.object([("error", .string(error)), ("error_description", .string(description))]), status: status)
        } else {
            response = .json(.object([("error_description", "Send Authorization: Bearer <access token> or the iPlanetDirectoryPro session")]), status: status)
        }
        let quoted = parameters.map { #"\#($0.name)="\#($0.value.replacingOccurrences(of: "\"", with: "'"))""# }
        response.headers[.wwwAuthenticate] = ([#"Bearer realm="demo-api""#] + quoted).joined(separator: ", ")
        return response
    }
}
