import Foundation

/// The sessions logged out and tokens revoked, kept for ``DemoAM/revocations()`` and
/// `GET /am/demo/revocations`.
actor RevocationLog {
    private(set) var record = DemoRevocations()

    /// Records a session ended by `request` (see ``Request/revocationSummary``).
    func loggedOut(_ session: Session, request: String) {
        record.sessionsLoggedOut.append(DemoRevocations.SessionLogout(
            at: Date(), realm: session.realm, user: session.username, request: request,
            tokenFingerprint: DemoRevocations.fingerprint(of: session.tokenId)
        ))
    }

    /// Records every token a `token/revoke` request ended.
    func revoked(_ revocation: OAuthStore.Revocation, request: String) {
        let now = Date()
        record.tokensRevoked += revocation.tokens.map { token in
            DemoRevocations.TokenRevocation(
                at: now, realm: revocation.grant.realm, clientId: revocation.grant.clientId, tokenType: token.type,
                request: request, tokenFingerprint: token.fingerprint
            )
        }
    }
}
