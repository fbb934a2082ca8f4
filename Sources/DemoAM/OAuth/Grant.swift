/// What a user allowed a client through `authorize`: the client, realm, scopes and nonce of the
/// request, and the SSO session it was made with. Codes and refresh tokens stand for a grant, and
/// the tokens minted from it carry its claims.
struct Grant: Sendable {
    let clientId: String
    let realm: String
    let scopes: [String]
    let nonce: String?
    let session: Session
}
