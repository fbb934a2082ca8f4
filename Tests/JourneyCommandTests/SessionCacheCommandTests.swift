import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `cookieCache` from the command line, against `journey serve`: a session logged out at AM
/// behind the instance's back is found out and forgotten with cookieCache 0, and trusted
/// without a request (none in the wire trace) while cookieCache says so.
@Suite(.serialized)
struct SessionCacheCommandTests {
    /// `journey serve`, and the environment that keeps the stores in a fresh XDG_STATE_HOME.
    static func withServer(_ body: (JourneyProcess.Server, [String: String]) async throws -> Void) async throws {
        let server = try await JourneyProcess.Server()
        let state = TokenCommandTests.temporaryStateFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        try await body(server, ["XDG_STATE_HOME": state.path])
        #expect(await server.interrupt() == 0)
    }

    /// Signs an instance in and returns its SSO token.
    static func signIn(_ server: JourneyProcess.Server, instance: String, _ extra: [String], environment: [String: String]) async throws -> String {
        let login = try await JourneyProcess.run(["login", "--url", server.url, "--tree", "Login", "--instance", instance, "--json",
                                                  "--answer", "User Name=demo", "--answer", "Password=Demo-pass1"] + extra,
                                                 environment: environment)
        #expect(login.status == 0, "\(login.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(login.stdout.utf8)) as? [String: Any])
        return try #require(object["tokenId"] as? String)
    }

    /// Ends the session at AM, as another client or an administrator would.
    static func logOutBehindItsBack(_ server: JourneyProcess.Server, tokenId: String) async throws {
        var request = URLRequest(url: URL(string: server.url + "/json/realms/root/sessions?_action=logout")!)
        request.httpMethod = "POST"
        request.setValue("resource=3.1, protocol=1.0", forHTTPHeaderField: "Accept-API-Version")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(tokenId, forHTTPHeaderField: "iPlanetDirectoryPro")
        request.httpBody = Data("{}".utf8)
        let (_, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
    }

    @Test func withCookieCacheZeroAnEndedSessionIsFoundOutAndForgotten() async throws {
        try await Self.withServer { server, environment in
            let tokenId = try await Self.signIn(server, instance: "c0", [], environment: environment)

            let valid = try await JourneyProcess.run(["session", "--instance", "c0", "--json"], environment: environment)
            #expect(valid.status == 0, "\(valid.stderr)")
            #expect(valid.stdout.contains("\"trusted\":false"))

            try await Self.logOutBehindItsBack(server, tokenId: tokenId)
            let ended = try await JourneyProcess.run(["session", "--instance", "c0"], environment: environment)
            #expect(ended.status == 1, "\(ended.stderr)")
            #expect(ended.stderr.contains("AM no longer accepts the session of demo"), "\(ended.stderr)")
            #expect(ended.stderr.contains("the instance forgot it"))
            let forgotten = try await JourneyProcess.run(["session", "--instance", "c0"], environment: environment)
            #expect(forgotten.status == 1, "not signed in, not bad usage")
            #expect(forgotten.stderr.contains("holds no session"), "\(forgotten.stderr)")
        }
    }

    @Test func withCookieCacheTheStoredSessionIsTrustedWithoutARequest() async throws {
        try await Self.withServer { server, environment in
            let tokenId = try await Self.signIn(server, instance: "c300", ["--cookie-cache", "300"], environment: environment)
            try await Self.logOutBehindItsBack(server, tokenId: tokenId)

            let trusted = try await JourneyProcess.run(["session", "--instance", "c300", "--trace"], environment: environment)
            #expect(trusted.status == 0, "\(trusted.stderr)")
            #expect(trusted.stdout.contains("Session of demo"))
            #expect(trusted.stdout.contains("trusted: AM accepted it"), "\(trusted.stdout)")
            #expect(!trusted.stderr.contains("→ "), "no request reached AM: \(trusted.stderr)")

            // With cookieCache 0 the same instance asks AM, which no longer knows the session.
            let checked = try await JourneyProcess.run(["session", "--instance", "c300", "--cookie-cache", "0", "--trace"],
                                                       environment: environment)
            #expect(checked.status == 1, "\(checked.stderr)")
            #expect(checked.stderr.contains("_action=validate"))
            #expect(checked.stderr.contains("AM no longer accepts the session"))
        }
    }

    @Test func tokensThatNeedNoSessionDoNotCheckItAndRenewalDoes() async throws {
        try await Self.withServer { server, environment in
            let tokenId = try await Self.signIn(server, instance: "t", TokenCommandTests.oauth, environment: environment)
            try await Self.logOutBehindItsBack(server, tokenId: tokenId)

            // Good tokens: the session is not relied on, so AM is not asked about it.
            let good = try await JourneyProcess.run(["token", "--instance", "t", "--trace"], environment: environment)
            #expect(good.status == 0, "\(good.stderr)")
            #expect(!good.stderr.contains("_action=validate"), "\(good.stderr)")
            #expect(good.stdout.contains("Access token"))

            // Tokens due for renewal may fall back on the session: it is checked, found ended and
            // forgotten, and the refresh token renews them without it.
            let due = try await JourneyProcess.run(["token", "--instance", "t", "--oauth-threshold", "3600", "--trace"],
                                                   environment: environment)
            #expect(due.status == 0, "\(due.stderr)")
            #expect(due.stderr.contains("_action=validate"))
            #expect(due.stderr.contains("AM no longer accepts the session of demo"))
            #expect(due.stdout.contains("refreshed"), "\(due.stdout)")
            let session = try await JourneyProcess.run(["session", "--instance", "t"], environment: environment)
            #expect(session.stderr.contains("holds no session"), "\(session.stderr)")
        }
    }
}
