/// `IdPCallback`: sign in with a native social SDK (Google, Apple, Facebook), which hands the
/// client a token for the provider's client; the client sends it back with its type
/// (`IDToken1token`, `IDToken1token_type`). A terminal has no such SDK, but a person who got a
/// token for that client elsewhere can paste it.
public struct IdPCallback: Sendable, Hashable {
    public let provider: String
    public let clientId: String
    public let redirectUri: String
    public let scopes: [String]
    /// The nonce an ID token for this sign-in must carry, when AM sets one.
    public let nonce: String
    public let acrValues: [String]

    /// The token types AM reads (`token_type`), as the SDKs send them.
    public static let tokenTypes = ["id_token", "access_token", "authorization_code"]

    init(_ outputs: CallbackOutputs) {
        provider = outputs.string("provider") ?? ""
        clientId = outputs.string("clientId") ?? ""
        redirectUri = outputs.string("redirectUri") ?? ""
        scopes = outputs.strings("scopes")
        nonce = outputs.string("nonce") ?? ""
        acrValues = outputs.strings("acrValues")
    }

    /// The type the provider's SDK hands over: an access token for Facebook, an ID token otherwise.
    public var usualTokenType: String {
        provider.lowercased().contains("facebook") ? "access_token" : "id_token"
    }
}
