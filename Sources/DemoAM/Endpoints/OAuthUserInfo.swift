import Foundation
import HTTPTypes
import Hummingbird

/// `GET` or `POST /oauth2/{realm}/userinfo` with `Authorization: Bearer <access token>`: the
/// user's claims that the token's scopes allow, `sub` and `subname` always. A token that is
/// expired, revoked, unknown or from another realm is a 401 `invalid_token`.
struct OAuthUserInfo: Sendable {
    let state: ServerState

    func respond(_ call: OAuthCall) async throws(OAuthError) -> Response {
        guard let header = call.request.headers[.authorization], header.prefix(7).lowercased() == "bearer ",
              let token = await LiveAccessToken(String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces), realm: call.realm, state: state),
              let user = await state.directory.user(named: token.grant.session.username)
        else { throw .invalidToken }
        let scopes = token.claims["scope"]?.string?.split(separator: " ").map(String.init) ?? []
        return .json(.object(
            [("sub", .string(user.username))] + ProfileClaims.members(of: user, scopes: scopes) + [("subname", .string(user.username))]
        ))
    }
}
