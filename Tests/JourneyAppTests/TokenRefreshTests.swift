import DemoAM
import Foundation
import JourneyApp
import JourneyEngine
import JourneyProfiles
import Orchestrate
import Testing

/// `t` in a signed-in tab refreshes from what the tab's token store holds now.
@MainActor
@Suite(.serialized)
struct TokenRefreshTests {
    /// Another process (`journey token --refresh` in another terminal) rotated the refresh token
    /// the tab still holds; the demo AM refuses a spent refresh token, as AM does with rotation.
    @Test func aRefreshAfterAnotherProcessRotatedTheTokensUsesTheStoredOnes() async throws {
        try await withDemoAM { demo in
            let options = try ClientOptions(values: [
                .url: .text(demo.baseURL), .oauthClientId: .text("journeyterm"),
                .oauthRedirectUri: .text("http://127.0.0.1/callback"), .oauthScope: .text("openid profile"),
            ])
            let store = MemoryRecordStore()
            let app = AppDriver(tabs: [try ClientProfile(name: "standard", options: options, request: JourneyRequest(.journey("Login")))],
                                store: store)
            try await app.waitForPage("UsernamePassword")
            app.signIn("demo", "Demo-pass1")
            try await app.wait { $0.activeTab?.tokens?.tokens != nil }
            let held = try #require(app.state.activeTab?.tokens?.tokens)

            // The other process: refresh the stored tokens and store the new ones.
            let server = try options.serverConfiguration()
            let clientId = "journeyterm"
            let instance = try ClientInstance(name: "standard", backend: store, options: options.journey)
            let stored = try #require(try instance.tokens(on: server, clientId: clientId))
            let oauth = OAuthClient(client: JourneyClient(server: server), configuration: try #require(try options.oauthConfiguration()),
                                    endpoints: stored.endpoints)
            let rotated = try await oauth.refresh(stored.tokens)
            try instance.save(StoredTokens(tokens: rotated, endpoints: stored.endpoints), on: server, clientId: clientId)

            app.press(.character("t"))
            try await app.wait { state in
                guard let tokens = state.activeTab?.tokens else { return false }
                return tokens.problem != nil || (tokens.tokens.map { $0 != held && $0 != rotated } ?? false)
            }
            #expect(app.state.activeTab?.tokens?.problem == nil, "\(app.state.activeTab?.tokens?.problem ?? "")")
            let renewed = try #require(app.state.activeTab?.tokens?.tokens)
            #expect(renewed.refreshToken != held.refreshToken && renewed.refreshToken != rotated.refreshToken)
            #expect(try instance.tokens(on: server, clientId: clientId)?.tokens == renewed, "the store holds the newest tokens")
        }
    }
}
