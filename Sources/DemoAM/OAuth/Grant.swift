/// What a user allowed a client through `authorize`: the client, realm, scopes and nonce of the
/// request, the SSO session it was made with (as it was then) and the `acr` its tokens carry. Codes and refresh tokens stand for a grant, and
/// the tokens minted from it carry its claims.
struct Grant: Sendable {
    let clientId: String
    let realm: String
    let scopes: [String]
    let nonce: String?
    let session: Session
    /// The journey the tokens name as `acr`: the one `acr_values` asked for, else the session's last.
    let acr: String
}
