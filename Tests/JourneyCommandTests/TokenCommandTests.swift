import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `journey login` with OAuth, then `token`, `userinfo`, `session` and `logout` as separate runs
/// of the command against `journey serve`, with the stores in a temporary XDG_STATE_HOME.
@Suite(.serialized)
struct TokenCommandTests {
    /// A fresh `$XDG_STATE_HOME` for one test's stores.
    static func temporaryStateFolder() -> URL {
        FileManager.default.temporaryDirectory.appending(path: "journey-state-\(UUID().uuidString)")
    }

    static let oauth = ["--client-id", "journeyterm", "--redirect-uri", "http://127.0.0.1/callback", "--scope", "openid profile email"]

    @Test func tokensSurviveRunsAreVerifiedAndLogoutRevokesThem() async throws {
        let server = try await JourneyProcess.Server()
        let state = Self.temporaryStateFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        let environment = ["XDG_STATE_HOME": state.path]

        let login = try await JourneyProcess.run(["login", "--url", server.url, "--tree", "Login", "--instance", "t1",
                                                  "--answer", "User Name=demo", "--answer", "Password=Demo-pass1", "--json"]
                                                 + Self.oauth, environment: environment)
        #expect(login.status == 0, "\(login.stderr)")

        let token = try await JourneyProcess.run(["token", "--instance", "t1", "--json"], environment: environment)
        #expect(token.status == 0, "\(token.stderr)")
        let tokens = try #require(try JSONSerialization.jsonObject(with: Data(token.stdout.utf8)) as? [String: Any])
        #expect(tokens["id_token_verified"] as? Bool == true)
        #expect((tokens["access_token"] as? String)?.isEmpty == false)
        let claims = try #require(tokens["id_token_claims"] as? [String: Any])
        #expect(claims["sub"] as? String == "demo")

        for _ in 1...2 {
            // The demo AM rotates refresh tokens: the second refresh works only if the first was stored.
            let refreshed = try await JourneyProcess.run(["token", "--instance", "t1", "--refresh"], environment: environment)
            #expect(refreshed.status == 0, "\(refreshed.stderr)")
        }

        let info = try await JourneyProcess.run(["userinfo", "--instance", "t1", "--json"], environment: environment)
        #expect(info.status == 0, "\(info.stderr)")
        #expect(info.stdout.contains("\"sub\""))

        let session = try await JourneyProcess.run(["session", "--instance", "t1"], environment: environment)
        #expect(session.status == 0, "\(session.stderr)")
        #expect(session.stdout.contains("Session of demo"))

        let folder = state.appending(path: "journeyterm")
        let folderMode = try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int
        #expect(folderMode == 0o700)
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".json") {
            let mode = try FileManager.default.attributesOfItem(atPath: folder.appending(path: file).path)[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(file)")
        }

        let logout = try await JourneyProcess.run(["logout", "--instance", "t1"], environment: environment)
        #expect(logout.status == 0, "\(logout.stderr)")
        #expect(logout.stderr.contains("Tokens revoked"))
        // The revoked access token no longer works at AM.
        let accessToken = try #require(tokens["access_token"] as? String)
        var request = URLRequest(url: URL(string: server.url + "/oauth2/realms/root/userinfo")!)
        request.setValue("Bearer \(accessToken)", forHTTPHeaderField: "Authorization")
        let (_, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 401)
        let after = try await JourneyProcess.run(["userinfo", "--instance", "t1"], environment: environment)
        #expect(after.status != 0)
        #expect(await server.interrupt() == 0)
    }

    @Test func discoveryAndAnIsolatedTokenStore() async throws {
        let server = try await JourneyProcess.Server()
        let state = Self.temporaryStateFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        let environment = ["XDG_STATE_HOME": state.path]
        let login = try await JourneyProcess.run(["login", "--url", server.url, "--tree", "Login", "--instance", "apart",
                                                  "--own-token-store", "--discover",
                                                  "--answer", "User Name=alice", "--answer", "Password=Alice-pass1"]
                                                 + Self.oauth, environment: environment)
        #expect(login.status == 0, "\(login.stderr)")
        let folder = state.appending(path: "journeyterm")
        #expect(FileManager.default.fileExists(atPath: folder.appending(path: "tokens-apart.json").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "tokens.json").path))
        let token = try await JourneyProcess.run(["token", "--instance", "apart", "--json"], environment: environment)
        #expect(token.status == 0, "\(token.stderr)")
        #expect(token.stdout.contains("\"id_token_verified\":true"))
        let other = try await JourneyProcess.run(["token", "--instance", "nobody"], environment: environment)
        #expect(other.status == 1, "not signed in, not bad usage")
        #expect(other.stderr.contains("has not signed in yet, so it holds nothing to show"), "\(other.stderr)")
        let refresh = try await JourneyProcess.run(["token", "--refresh", "--instance", "nobody"], environment: environment)
        #expect(refresh.status == 1 && refresh.stderr.contains("nothing to refresh"), "\(refresh.stderr)")
        #expect(await server.interrupt() == 0)
    }

    /// A DaVinci instance whose record cannot be read is said so: it is never taken for a
    /// journey instance with nothing stored.
    @Test func anUnreadableDaVinciInstanceIsSaidNotTakenForAJourneyOne() async throws {
        let state = Self.temporaryStateFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        let folder = state.appending(path: "journeyterm")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try Data("not a record".utf8).write(to: folder.appending(path: "davinci-profile-flow.json"))
        for command in [["token"], ["logout"]] {
            let result = try await JourneyProcess.run(command + ["--instance", "flow"], environment: ["XDG_STATE_HOME": state.path])
            #expect(result.status == 3, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("the instance flow's stores cannot be read"), "\(command): \(result.stderr)")
            try Data("not a record".utf8).write(to: folder.appending(path: "davinci-profile-flow.json"))
        }
    }
}
