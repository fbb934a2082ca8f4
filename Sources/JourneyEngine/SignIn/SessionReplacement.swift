import Foundation
import Orchestrate

extension SignInService {
    /// The SDKs' rule for a new session in a session store: the session it replaces is logged
    /// out at AM and the tokens that session minted for `oauth` (if the instance has an OAuth
    /// client) are revoked where they were issued and forgotten. `client` is a client of its own
    /// (no cookies of the new session), so the logout can end only the old one. Failures at AM
    /// are not the new session's: what could not be done stays valid until it expires.
    public static func endReplacedSession(_ oldToken: String, of instance: ClientInstance, on server: ServerConfiguration,
                                          through client: JourneyClient, oauth: OAuthConfiguration?) async {
        _ = try? await client.logout(tokenId: oldToken)
        guard let oauth else { return }
        let signIn = SignInService(instance: instance, server: server,
                                   oauth: OAuthClient(client: client, configuration: oauth, endpoints: .standard(for: server)))
        try? await signIn.revokeTokens(mintedBy: oldToken)
    }
}
