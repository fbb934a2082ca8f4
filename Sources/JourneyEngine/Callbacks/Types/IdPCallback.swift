/// `IdPCallback`: sign in with a native social SDK (Google, Apple, Facebook). Not possible
/// from a terminal.
public struct IdPCallback: Sendable, Hashable {
    public let provider: String
    public let clientId: String
    public let redirectUri: String
    public let scopes: [String]

    init(_ outputs: CallbackOutputs) {
        provider = outputs.string("provider") ?? ""
        clientId = outputs.string("clientId") ?? ""
        redirectUri = outputs.string("redirectUri") ?? ""
        scopes = outputs.strings("scopes")
    }
}
