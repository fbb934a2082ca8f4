import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import JourneyEngine
import Orchestrate
import Testing

/// `journey instances --json` under the step-up and multi-user presets, `journey logout --all`,
/// and a store another orchestration kind wrote, each as separate runs of the command.
@Suite(.serialized)
struct InstancesCommandTests {
    /// The instances of `journey instances --json`, by name.
    private static func instances(_ served: ServedInstances) async throws -> [String: [String: Any]] {
        let listed = try await served.run(["instances", "--json"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let all = try ServedInstances.object(listed)["instances"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: all.compactMap { entry in (entry["name"] as? String).map { ($0, entry) } })
    }

    /// A store of an instance: its name and the instances it is shared with.
    private static func store(_ instance: [String: Any]?, _ kind: String) -> (name: String?, sharedWith: [String]) {
        let store = (instance?["stores"] as? [String: Any])?[kind] as? [String: Any]
        return (store?["name"] as? String, store?["sharedWith"] as? [String] ?? [])
    }

    @Test func theStepUpPresetSharesTheSessionAndKeepsTokensPerInstance() async throws {
        try await ServedInstances.with { served in
            try await served.login("standard", preset: "step-up")
            try await served.login("transactions", preset: "step-up", client: ServedInstances.transactionsClient)
            let instances = try await Self.instances(served)
            #expect(instances.keys.sorted() == ["standard", "transactions"])
            let standard = instances["standard"], transactions = instances["transactions"]
            #expect(standard?["preset"] as? String == "step-up" && transactions?["preset"] as? String == "step-up")
            #expect(standard?["kind"] as? String == "journey")
            #expect(Self.store(standard, "session") == ("session", ["transactions"]))
            #expect(Self.store(transactions, "session") == ("session", ["standard"]))
            #expect(Self.store(standard, "tokens") == ("tokens-standard", []))
            #expect(Self.store(transactions, "tokens") == ("tokens-transactions", []))
            #expect(standard?["signedIn"] as? String == "demo" && transactions?["signedIn"] as? String == "demo")
            #expect(transactions?["oauthClientId"] as? String == "journeyterm-transactions")
            #expect((transactions?["tokens"] as? [String: Any])?["scope"] as? String == "openid profile WRITE_TRANSACTION")
            #expect((standard?["tokens"] as? [String: Any])?["scope"] as? String == "openid profile")
            #expect(!(try await served.run(["instances", "--json"])).stdout.contains("access_token"), "no token values")
        }
    }

    @Test func theMultiUserPresetKeepsUsersApartAndLogoutAllSignsEveryoneOut() async throws {
        try await ServedInstances.with { served in
            try await served.login("a", preset: "multi-user", as: "demo")
            try await served.login("b", preset: "multi-user", as: "alice")
            let instances = try await Self.instances(served)
            #expect(Self.store(instances["a"], "session") == ("user_a_session", []))
            #expect(Self.store(instances["b"], "tokens") == ("user_b_tokens", []))
            #expect(instances["a"]?["signedIn"] as? String == "demo")
            #expect(instances["b"]?["signedIn"] as? String == "alice")

            let tokenOfB = try #require(try ServedInstances.object(try await served.run(["token", "--instance", "b", "--json"]))["access_token"] as? String)
            let logout = try await served.run(["logout", "--all"])
            #expect(logout.status == 0, "\(logout.stderr)")
            #expect(logout.stderr.contains("a:") && logout.stderr.contains("b:"))
            let after = try await Self.instances(served)
            for name in ["a", "b"] {
                #expect(after[name]?["signedIn"] is NSNull, "\(name) is signed out")
                #expect(after[name]?["tokens"] is NSNull, "\(name) holds no tokens")
            }
            // B's tokens were revoked at AM, not only forgotten.
            var request = URLRequest(url: URL(string: served.server.url + "/oauth2/realms/root/userinfo")!)
            request.setValue("Bearer \(tokenOfB)", forHTTPHeaderField: "Authorization")
            let (_, response) = try await URLSession.shared.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 401)
        }
    }

    @Test func aStoreWrittenByDaVinciIsRefused() async throws {
        try await ServedInstances.with { served in
            try await served.login("default", preset: "shared")
            let store = try FileRecordStore(folder: served.state.appending(path: "journeyterm"))
            let record = try #require(try store.read("tokens"))
            try store.write(StoredRecord(owner: record.owner, kind: .davinci, updated: record.updated, payload: record.payload), to: "tokens")

            let token = try await served.run(["token", "--instance", "default"])
            #expect(token.status != 0)
            #expect(token.stderr.contains("must not share storage"), "\(token.stderr)")
            #expect(token.stderr.contains("DaVinci"))
            #expect(try store.read("tokens")?.kind == .davinci, "the DaVinci record is left as it was")
        }
    }
}
