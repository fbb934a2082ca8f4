import DemoAM
import Foundation
import JourneyEngine
import Orchestrate
import TestPorts
import Testing

/// Logout and session information against the demo AM over loopback.
struct SessionEndpointTests {
    @Test func requestsAreShapedAsTheSDKsSendThem() throws {
        let server = try ServerConfiguration(url: "https://am.example.com/am", realm: Realm("alpha"), cookieName: "abc123")
        let logout = SessionEndpoint.logout(server: server, tokenId: "TOKEN")
        #expect(logout.method == "POST")
        #expect(logout.url.absoluteString == "https://am.example.com/am/json/realms/root/realms/alpha/sessions?_action=logout")
        #expect(logout.header("abc123") == "TOKEN")
        #expect(logout.header("Accept-API-Version") == "resource=3.1, protocol=1.0")
        #expect(logout.body == Data("{}".utf8))
        let info = SessionEndpoint.sessionInfo(server: server, tokenId: "TOKEN")
        #expect(info.url.query() == "_action=getSessionInfo")
        #expect(info.header("Accept-API-Version") == "resource=2.1, protocol=1.0")
    }

    @Test func sessionInfoThenLogoutThenTheSessionIsGone() async throws {
        let demo = try await DemoAM.start(DemoAMConfiguration(port: 0))
        let client = JourneyClient(server: try ServerConfiguration(url: demo.baseURL))
        let success = try await client.walk(JourneyRequest(.journey("Login"))) { step in
            try DemoAMJourneyTests.answer(step, DemoAMJourneyTests.demoLogin)
        }
        let token = try #require(success.tokenId)
        #expect(try await client.validate(tokenId: token))
        let info = try await client.sessionInfo(tokenId: token)
        #expect(info.username == "demo")
        #expect(info.realm == "/")
        #expect(info.maxIdleExpirationTime != nil)
        #expect(try await client.logout(tokenId: token) == .loggedOut)
        #expect(await client.cookieJar.cookie(named: "iPlanetDirectoryPro") == nil)
        await #expect(throws: JourneyError.self) { _ = try await client.sessionInfo(tokenId: token) }
        #expect(try await client.logout(tokenId: token) == .alreadyEnded)
        #expect(try await client.validate(tokenId: token) == false)
        await demo.stop()
    }

    @Test func logoutWithTheServerDownStillForgetsTheSessionAndSaysSo() async throws {
        let demo = try await DemoAM.start(DemoAMConfiguration(port: 0))
        let client = JourneyClient(server: try ServerConfiguration(url: demo.baseURL))
        let success = try await client.walk(JourneyRequest(.journey("Login"))) { step in
            try DemoAMJourneyTests.answer(step, DemoAMJourneyTests.demoLogin)
        }
        await demo.stop()
        // The same cookies (they belong to the host, whatever the port) to a server that is down.
        let down = ClosedPort()
        let gone = JourneyClient(server: try ServerConfiguration(url: down.url("/am")))
        await gone.restore(await client.cookieJar)
        #expect(await !gone.cookieJar.cookies.isEmpty)
        await #expect {
            _ = try await gone.logout(tokenId: try #require(success.tokenId))
        } throws: { error in
            if case .transport(.connectionRefused) = error as? JourneyError { return true }
            return false
        }
        #expect(await gone.cookieJar.cookies.isEmpty, "the session is forgotten here even though AM was not told")
    }
}

/// Stored instance records stay readable as fields are added.
struct InstanceRecordTests {
    @Test func aProfileWithoutTheNewerFieldsStillOpens() throws {
        let old = Data(#"{"serverURL":"http://127.0.0.1:8180/am","realm":"/alpha"}"#.utf8)
        let profile = try JSONDecoder().decode(InstanceProfile.self, from: old)
        #expect(profile.cookieName == "iPlanetDirectoryPro")
        #expect(!profile.ownSessionStore && !profile.ownTokenStore)
        #expect(try profile.serverConfiguration().realm.description == "/alpha")
    }

    @Test func instancesShareSessionAndTokenStoresUnlessTheyKeepTheirOwn() throws {
        let backend = MemoryRecordStore()
        let server = try ServerConfiguration(url: "http://127.0.0.1:8180/am")
        let first = try ClientInstance(name: "a", backend: backend)
        let second = try ClientInstance(name: "b", backend: backend)
        let apart = try ClientInstance(name: "c", backend: backend, sharedSession: false)
        try first.save(StoredSession(success: LoginSuccess(tokenId: "T", successUrl: nil, realm: "/"), userName: "demo"), on: server)
        #expect(try second.session(on: server)?.success.tokenId == "T", "the SDKs' default: one shared session store")
        #expect(try apart.session(on: server) == nil)
        let elsewhere = try ServerConfiguration(url: "http://127.0.0.1:9999/am")
        #expect(try second.session(on: elsewhere) == nil, "a session never goes to another server")
    }
}
