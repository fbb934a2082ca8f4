import Foundation
import HTTPTypes
import Hummingbird

extension FlowEngine {
    /// `POST /davinci/policy/<flowId>/continue` with `Authorization: Bearer <continueToken>`:
    /// the flow goes on after the browser came back from the demo IdP, and ends signed on as the
    /// provider's user (provisioned on her first sign-on). A token is good once, for its own
    /// interaction, with the flow's `ST` cookie.
    func resume(_ request: Request, base: String) async -> Response {
        let unauthorized = WireJSON.response(["code": 1999, "message": "Unauthorized!", "errorMessage": "Unauthorized!", "httpResponseCode": 401,
                                              "success": false, "logLevel": "error"], status: .unauthorized)
        let bearer = request.headers[.authorization] ?? ""
        guard bearer.lowercased().hasPrefix("bearer "), let redeemed = await identityProvider.redeem(String(bearer.dropFirst("bearer ".count))) else {
            return unauthorized
        }
        guard let interaction = await interactions.claim(redeemed.interaction) else { return unauthorized }
        guard Self.cookies(request.headers[.cookie] ?? "")["ST"] == interaction.sessionCookie else {
            await interactions.release(interaction.id)
            return unauthorized
        }
        guard !interaction.isExpired, ContinuousClock.now - interaction.started < configuration.interactionLifetime else {
            await interactions.end(interaction.id)
            return WireJSON.response(["interactionId": interaction.id, "code": "requestTimedOut", "message": "Request timed out. Please try again."],
                                     status: .badRequest)
        }
        if await users.user(redeemed.username) == nil {
            _ = await users.register(PingOneUser(username: redeemed.username, password: RandomID.hex(16), email: "\(redeemed.username)@idp.example.com",
                                                 givenName: redeemed.username.capitalized, usesOneTimeCode: false, isLocked: false))
        }
        var signedOn = interaction
        signedOn.username = redeemed.username
        return await finish(signedOn, base: base)
    }
}
