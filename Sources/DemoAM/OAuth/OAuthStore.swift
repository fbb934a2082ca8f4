import Foundation

/// Authorization codes, grants, refresh tokens and the access tokens that are still live, in memory.
///
/// Codes are single-use and last 60 seconds. A grant lives while a refresh token or access token
/// of it does; revoking a refresh token ends the grant and every token minted from it.
actor OAuthStore {
    /// A code waiting to be exchanged.
    struct Code: Sendable {
        let grant: Grant
        let redirectURI: String
        let codeChallenge: String
        fileprivate let issued: ContinuousClock.Instant
    }

    /// What a revocation ended: the grant, and each of its tokens with its type and fingerprint.
    struct Revocation: Sendable {
        let grant: Grant
        let tokens: [(type: DemoRevocations.TokenType, fingerprint: String)]
    }

    static let codeLifetime: Duration = .seconds(60)

    private let refreshTokenLifetime: Duration
    private var codes: [String: Code] = [:]
    private var grants: [String: Grant] = [:]
    private var refreshTokens: [String: (grantId: String, expires: ContinuousClock.Instant)] = [:]
    /// By `jti`; `expires` is the token's `exp`, `fingerprint` the whole token's.
    private var accessTokens: [String: (grantId: String, expires: Date, fingerprint: String)] = [:]

    init(refreshTokenLifetime: Duration) {
        self.refreshTokenLifetime = refreshTokenLifetime
    }

    /// Stores a code for `grant` and returns it.
    func issueCode(for grant: Grant, redirectURI: String, codeChallenge: String) -> String {
        let now = ContinuousClock.now
        codes = codes.filter { now - $0.value.issued < Self.codeLifetime }
        let code = RandomToken.base64URL(bytes: 20)
        codes[code] = Code(grant: grant, redirectURI: redirectURI, codeChallenge: codeChallenge, issued: now)
        return code
    }

    /// Removes the code and returns it, unless it is unknown, used or expired.
    func takeCode(_ code: String) -> Code? {
        guard let entry = codes.removeValue(forKey: code), ContinuousClock.now - entry.issued < Self.codeLifetime else { return nil }
        return entry
    }

    /// Starts a grant with its first refresh token; returns the grant's id and the token.
    func openGrant(_ grant: Grant) -> (grantId: String, refreshToken: String) {
        let now = ContinuousClock.now
        refreshTokens = refreshTokens.filter { $0.value.expires > now }
        accessTokens = accessTokens.filter { $0.value.expires > Date() }
        let live = Set(refreshTokens.values.map(\.grantId)).union(accessTokens.values.map(\.grantId))
        grants = grants.filter { live.contains($0.key) }
        let grantId = RandomToken.base64URL(bytes: 16)
        grants[grantId] = grant
        return (grantId, addRefreshToken(grantId: grantId))
    }

    /// The grant of a refresh token that is known and not expired.
    func grant(ofRefreshToken token: String) -> (grantId: String, grant: Grant)? {
        guard let entry = refreshTokens[token], entry.expires > ContinuousClock.now, let grant = grants[entry.grantId] else { return nil }
        return (entry.grantId, grant)
    }

    /// Revokes a refresh token and returns a new one for its grant; `nil` when it was already gone.
    func rotate(refreshToken token: String) -> String? {
        guard let entry = refreshTokens.removeValue(forKey: token), grants[entry.grantId] != nil else { return nil }
        return addRefreshToken(grantId: entry.grantId)
    }

    /// Records an access token minted for a grant, so it can be revoked.
    func recordAccessToken(_ token: String, jti: String, grantId: String, expires: Date) {
        accessTokens[jti] = (grantId, expires, DemoRevocations.fingerprint(of: token))
    }

    /// The grant of an access token that is neither revoked nor expired.
    func grant(ofAccessToken jti: String) -> Grant? {
        guard let entry = accessTokens[jti], entry.expires > Date() else { return nil }
        return grants[entry.grantId]
    }

    /// Ends the grant of `clientId`'s refresh token with all its tokens: that refresh token first,
    /// then the grant's other refresh tokens and its access tokens. `nil` when there is no such token.
    func revokeGrant(ofRefreshToken token: String, clientId: String) -> Revocation? {
        guard let grantId = refreshTokens[token]?.grantId, let grant = grants[grantId], grant.clientId == clientId else { return nil }
        grants[grantId] = nil
        let otherRefreshTokens = refreshTokens.filter { $0.value.grantId == grantId && $0.key != token }.map(\.key).sorted()
        let grantAccessTokens = accessTokens.values.filter { $0.grantId == grantId }.sorted { $0.expires < $1.expires }
        refreshTokens = refreshTokens.filter { $0.value.grantId != grantId }
        accessTokens = accessTokens.filter { $0.value.grantId != grantId }
        return Revocation(
            grant: grant,
            tokens: ([token] + otherRefreshTokens).map { (.refreshToken, DemoRevocations.fingerprint(of: $0)) }
                + grantAccessTokens.map { (.accessToken, $0.fingerprint) }
        )
    }

    /// Revokes one access token of `clientId`; `nil` when there is no such token.
    func revokeAccessToken(jti: String, clientId: String) -> Revocation? {
        guard let entry = accessTokens[jti], let grant = grants[entry.grantId], grant.clientId == clientId else { return nil }
        accessTokens[jti] = nil
        return Revocation(grant: grant, tokens: [(.accessToken, entry.fingerprint)])
    }

    private func addRefreshToken(grantId: String) -> String {
        let token = RandomToken.base64URL(bytes: 32)
        refreshTokens[token] = (grantId, ContinuousClock.now + refreshTokenLifetime)
        return token
    }
}
