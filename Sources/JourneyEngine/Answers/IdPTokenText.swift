import Orchestrate
/// What a person needs to get a token for an `IdPCallback` outside the terminal: the provider's
/// client, where its tokens are sent, the scopes and nonce, and how to paste one. The same
/// words in the plain mode and the full-screen form.
public enum IdPTokenText {
    public static func lines(_ idp: IdPCallback) -> [String] {
        var lines = ["\(TerminalText.line(idp.provider)) signs in through its app or SDK, which a terminal does not have. "
            + "A token it issued to client \(TerminalText.line(idp.clientId)) can be pasted instead:"]
        if !idp.redirectUri.isEmpty { lines.append("  redirect URI  \(TerminalText.line(idp.redirectUri))") }
        if !idp.scopes.isEmpty { lines.append("  scopes        \(idp.scopes.map(TerminalText.line).joined(separator: " "))") }
        if !idp.nonce.isEmpty { lines.append("  nonce         \(TerminalText.line(idp.nonce)) (an ID token must carry it)") }
        if !idp.acrValues.isEmpty { lines.append("  acr_values    \(idp.acrValues.map(TerminalText.line).joined(separator: " "))") }
        return lines
    }

    /// How a typed answer names the token's type (plain mode and `--answer`).
    public static func typingHint(_ idp: IdPCallback) -> String {
        "A bare token is sent as \(idp.usualTokenType); write access_token:TOKEN, authorization_code:CODE or id_token:TOKEN for another type."
    }
}
