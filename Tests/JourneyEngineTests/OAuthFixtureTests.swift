import Foundation
@testable import JourneyEngine
import Orchestrate
import Testing

/// Answers every request with one recorded response.
struct RecordedTransport: HTTPTransport {
    let response: HTTPResponse

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse { response }
}

/// The OAuth client and session endpoint against every recorded AM response of OAuth2/ and AM/.
@Suite(.enabled(if: Fixtures.available, Fixtures.skipNotice))
struct OAuthFixtureTests {
    static let server = try! ServerConfiguration(url: "http://localhost/am")
    static let configuration = try! OAuthConfiguration(clientId: "iosclient", redirectURI: "http://localhost/", scopes: ["openid", "profile"])

    func oauth(_ name: String) throws -> OAuthClient {
        let recording = try Fixtures.recording(name.hasPrefix("AM") ? "AM" : "OAuth2", name)
        let client = JourneyClient(server: Self.server, transport: RecordedTransport(response: recording.response))
        return OAuthClient(client: client, configuration: Self.configuration, endpoints: .standard(for: Self.server))
    }

    static let previous = OAuthTokens.sample(refreshToken: "previous-refresh")

    @Test func authorizeReadsTheCodeFromTheRedirectAndChecksState() async throws {
        let client = try oauth("OAuth2_AuthorizeRedirect_Success")
        let code = try await client.authorize(ssoToken: "sso", pkce: PKCE(verifier: "v", state: "abc123", nonce: "n"))
        #expect(code == "yMLVg7SOcrAH2Y5huSp_R6HFA3E")
        await #expect(throws: OAuthError.stateMismatch) {
            _ = try await client.authorize(ssoToken: "sso", pkce: PKCE(verifier: "v", state: "other", nonce: "n"))
        }
        let failing = try oauth("OAuth2_AuthorizeRedirect_Failure")
        await #expect { _ = try await failing.authorize(ssoToken: "sso", pkce: .generate()) } throws: { error in
            if case .notRedirected(400, _) = error as? OAuthError { return true }
            return false
        }
    }

    @Test func tokenResponsesBecomeTokens() async throws {
        let issued = try await oauth("OAuth2_Token_Success").exchange(code: "c", pkce: .generate(), ssoToken: "sso")
        #expect(issued.tokenType == "Bearer")
        #expect(issued.expiresIn == 3598)
        #expect(issued.refreshToken != nil && issued.idToken != nil)
        #expect(issued.wereMinted(by: "sso"))
        #expect(!issued.wereMinted(by: "another"))
        let refreshed = try await oauth("OAuth2_Token_Refresh_Success").refresh(Self.previous)
        #expect(refreshed.accessToken != Self.previous.accessToken)
        #expect(refreshed.idToken != nil, "the refresh brought a new ID token")
        #expect(refreshed.refreshToken == "previous-refresh", "this recording carries no refresh token either")
        let kept = try await oauth("OAuth2_Token_Refresh_No_RefreshToken_Success").refresh(Self.previous)
        #expect(kept.refreshToken == "previous-refresh", "AM did not rotate: the old refresh token stays")
        #expect(kept.sessionFingerprint == Self.previous.sessionFingerprint)
    }

    @Test(arguments: [
        ("OAuth2_Token_Failure_InvalidClient", "invalid_client", "Check the OAuth client id"),
        ("OAuth2_Token_Failure_InvalidGrant", "invalid_grant", "used, expired or revoked"),
        ("OAuth2_Token_Failure_InvalidScope", "invalid_scope", "Check the scope"),
    ])
    func tokenErrorsAreNamedAndExplained(file: String, code: String, advice: String) async throws {
        let client = try oauth(file)
        await #expect {
            _ = try await client.exchange(code: "c", pkce: .generate(), ssoToken: nil)
        } throws: { error in
            guard case .server(let name, _) = error as? OAuthError else { return false }
            return name == code
        }
        #expect(OAuthError.server(error: code, description: nil).description.contains(advice))
    }

    @Test func revokeUserinfoAndEndSession() async throws {
        try await oauth("OAuth2_Token_Revoke_Success").revoke(Self.previous)
        let info = try await oauth("OAuth2_UserInfo_Success").userinfo(Self.previous)
        #expect(info["name"] == .string("James Go"))
        await #expect(throws: OAuthError.server(error: "invalid_token",
                                                 description: "The access token provided is expired, revoked, malformed, or invalid for other reasons.")) {
            _ = try await oauth("OAuth2_UserInfo_Failure").userinfo(Self.previous)
        }
        try await oauth("OAuth2_EndSession_Success").endSession(idToken: "id")
        await #expect { try await oauth("OAuth2_EndSession_Failure").endSession(idToken: "id") } throws: { error in
            if case .server("server_error", _) = error as? OAuthError { return true }
            return false
        }
    }

    @Test func sessionLogoutResponses() async throws {
        let success = try Fixtures.recording("AM", "AM_Session_Logout_Success")
        let loggedOut = JourneyClient(server: Self.server, transport: RecordedTransport(response: success.response))
        #expect(try await loggedOut.logout(tokenId: "t") == .loggedOut)
        let failure = try Fixtures.recording("AM", "AM_Session_Logout_Failure")
        let ended = JourneyClient(server: Self.server, transport: RecordedTransport(response: failure.response))
        #expect(try await ended.logout(tokenId: "t") == .alreadyEnded)
    }

    @Test func idTokensThatAreNotJWTsAreNeverTrusted() async throws {
        let client = try oauth("OAuth2_Token_Success")
        let claims = await client.verifyIDToken("not-a-jwt")
        #expect(!claims.isVerified)
        #expect(claims.trust == .unverified("it is not a JWT"))
    }

    @Test func everyOAuth2AndAMFileIsHandled() throws {
        let names = try Fixtures.files(in: "OAuth2").map(\.lastPathComponent) + Fixtures.files(in: "AM").map(\.lastPathComponent)
        #expect(names.count == 15)
    }
}

extension OAuthTokens {
    static func sample(refreshToken: String?) -> OAuthTokens {
        let json = JSONValue.object(["access_token": .string("a"), "token_type": .string("Bearer"), "expires_in": .int(60),
                                     "refresh_token": refreshToken.map(JSONValue.string) ?? .null])
        return try! OAuthTokens(response: json, issuedAt: Date(), serverClock: nil, sessionToken: "sso")
    }
}
