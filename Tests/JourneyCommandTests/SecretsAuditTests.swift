import Foundation
import Testing

/// A whole demo run with --trace: sign in (saved as a HAR file and an answers file), tokens, a
/// step-up, a transfer, log out, then a social login finished in a second run (saved as HAR).
/// Every byte the commands write is searched for the password, the one-time codes, the SSO
/// token, the OAuth tokens and the identity provider's code: none may appear (only
/// `journey token --json`, asked for them, prints them).
@Suite(.serialized)
struct SecretsAuditTests {
    @Test func aTracedDemoRunWritesNoSecret() async throws {
        try await ServedInstances.with { served in
            var written = ""
            func traced(_ arguments: [String]) async throws -> JourneyProcess.Result {
                let result = try await served.run(arguments + ["--trace"])
                written += result.stdout + result.stderr
                return result
            }
            let url = ["--url", served.server.url, "--redirect-uri", "http://127.0.0.1/callback", "--preset", "step-up"]
            let (har, answers) = (served.state.appending(path: "login.har"), served.state.appending(path: "login.answers"))
            let login = try await traced(["login", "--instance", "standard", "--answer", "User Name=demo", "--answer", "Password=Demo-pass1",
                                          "--har", har.path, "--save-answers", answers.path] + url + ServedInstances.standardClient)
            #expect(login.status == 0, "\(login.stderr)")
            written += try String(contentsOf: har, encoding: .utf8) + String(contentsOf: answers, encoding: .utf8)
            let minted = try await traced(["token", "--instance", "transactions"] + url + ServedInstances.transactionsClient)
            #expect(minted.status == 0, "\(minted.stderr)")
            let code = try ServedInstances.code()
            let balance = try await traced(["request", "--instance", "standard", "--answer", "Enter verification code=\(code)",
                                            served.resource("/api/balance")])
            #expect(balance.status == 0, "\(balance.stderr)")
            let transfer = try await traced(["request", "--instance", "transactions", "--method", "POST", "--data", #"{"amount":"1.00"}"#,
                                             "--answer", "Password=Demo-pass1", served.resource("/api/transfer")])
            #expect(transfer.status == 0, "\(transfer.stderr)")

            // The secrets, as the stores hold them now.
            var secrets = ["Demo-pass1", code]
            for instance in ["standard", "transactions"] {
                let shown = try ServedInstances.object(try await served.run(["token", "--instance", instance, "--json"]))
                for key in ["access_token", "refresh_token", "id_token"] { if let value = shown[key] as? String { secrets.append(value) } }
            }
            let session = try await served.run(["session", "--instance", "standard", "--json"])
            #expect(session.status == 0)
            let stored = try String(contentsOf: served.state.appending(path: "journeyterm/session.json"), encoding: .utf8)
            let record = try #require(try JSONSerialization.jsonObject(with: Data(stored.utf8)) as? [String: Any])
            let encoded = try #require(record["payload"] as? String)
            let payload = try #require(Data(base64Encoded: encoded))
            let sessionValue = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
            let success = try #require(sessionValue["success"] as? [String: Any])
            let tokenId = try #require(success["tokenId"] as? String)
            secrets.append(tokenId)
            #expect(secrets.count == 9, "password, code, 2 × 3 tokens, SSO token")

            let logout = try await traced(["logout", "--instance", "standard"])
            #expect(logout.status == 0, "\(logout.stderr)")

            // A social login across two runs: the demo IdP's one-time code comes back in the
            // address the browser landed on, which goes to AM traced and saved as HAR.
            let social = ["--instance", "social", "--preset", "multi-user"]
            let left = try await traced(["login", "--url", served.server.url, "--tree", "SocialLogin", "--answer", "Identity provider=demo-idp"]
                                        + social)
            #expect(left.status == 5, "\(left.stderr)")
            let address = try #require(left.stderr.firstMatch(of: /\s(http:\S+\/demo\/idp\/authorize\?\S+)/).map { String($0.output.1) })
            let landed = try await SocialLoginCommandTests.browse(address)
            let idpCode = try #require(URLComponents(string: landed)?.queryItems?.first { $0.name == "code" }?.value)
            secrets.append(idpCode)
            let socialHAR = served.state.appending(path: "social.har")
            let back = try await traced(["login", "--redirected", landed, "--har", socialHAR.path] + social)
            #expect(back.status == 0, "\(back.stderr)")
            written += try String(contentsOf: socialHAR, encoding: .utf8)
            #expect(written.contains("→ POST"), "the run was traced")
            for secret in secrets where secret.count >= 6 {
                // A Bool, so a failure does not print the output (and the secret) itself.
                let leaked = written.contains(secret)
                #expect(!leaked, "a secret reached the output: \(secret.prefix(6))…")
            }
        }
    }

    /// A DaVinci flow with --trace and --har (a refused password, then the right one), the
    /// tokens shown and refreshed: the passwords, PingOne's session cookie and the tokens never
    /// appear in what the commands write.
    @Test func aTracedDaVinciRunWritesNoSecret() async throws {
        let server = try await JourneyProcess.Server()
        let (environment, root) = try DaVinciLoginCommandTests.folders(server: server.url)
        defer { try? FileManager.default.removeItem(at: root) }
        var written = ""
        func traced(_ arguments: [String]) async throws -> JourneyProcess.Result {
            let result = try await JourneyProcess.run(arguments + ["--trace"], environment: environment)
            written += result.stdout + result.stderr
            return result
        }
        let flow = ["login", "--profile", "pingone", "--instance", "p1", "--answer", "username=demo"]
        let refused = try await traced(flow + ["--answer", "password=Wrong-pass9"])
        #expect(refused.status == 1, "\(refused.stderr)")
        let har = root.appending(path: "flow.har")
        let login = try await traced(flow + ["--answer", "password=Demo-pass1", "--har", har.path])
        #expect(login.status == 0, "\(login.stderr)")
        written += try String(contentsOf: har, encoding: .utf8)
        #expect(try await traced(["token", "--instance", "p1", "--refresh"]).status == 0)

        var secrets = ["Demo-pass1", "Wrong-pass9"]
        let shown = try ServedInstances.object(try await JourneyProcess.run(["token", "--instance", "p1", "--json"], environment: environment))
        for key in ["access_token", "refresh_token", "id_token"] { secrets.append(try #require(shown[key] as? String)) }
        let state = try #require(environment["XDG_STATE_HOME"])
        let stored = try Data(contentsOf: URL(filePath: state).appending(path: "journeyterm/davinci-session.json"))
        let record = try #require(try JSONSerialization.jsonObject(with: stored) as? [String: Any])
        let encoded = try #require(record["payload"] as? String)
        let payload = try #require(Data(base64Encoded: encoded))
        let jar = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
        let cookies = try #require(jar["cookies"] as? [[String: Any]])
        secrets += cookies.compactMap { $0["value"] as? String }
        #expect(secrets.count >= 6, "two passwords, three tokens, PingOne's session cookie")
        #expect(written.contains("→ POST") && written.contains("/davinci/connections/"), "the flow was traced")
        for secret in secrets where secret.count >= 6 {
            let leaked = written.contains(secret)
            #expect(!leaked, "a secret reached the output: \(secret.prefix(6))…")
        }
        _ = await server.interrupt()
    }
}
