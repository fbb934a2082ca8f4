import DemoPingOne
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `journey login --profile P` with a profile of `kind: davinci`, against the demo PingOne that
/// `journey serve` runs beside the demo AM.
@Suite(.serialized)
struct DaVinciLoginCommandTests {
    /// A profiles file with one DaVinci profile, `pingone`, for the server at `url` (its `/am` URL).
    static func folders(server url: String) throws -> (environment: [String: String], root: URL) {
        let (environment, root) = try ConfigImportCommandTests.folders()
        let origin = String(url.dropLast("/am".count))
        let profiles = URL(filePath: try #require(environment["JOURNEY_PROFILES"]))
        try FileManager.default.createDirectory(at: profiles.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("""
        pingone:
          kind: davinci
          discoveryEndpoint: \(origin)/\(DemoPingOne.defaultEnvironmentId)/as/.well-known/openid-configuration
          clientId: \(DemoPingOne.defaultClientId)
          scopes: openid profile email
          redirectUri: \(DemoPingOne.defaultRedirectURI)
        """.utf8).write(to: profiles)
        return (environment, root)
    }

    @Test func aDaVinciProfileSignsOnAndPrintsTheTokensAsJSON() async throws {
        let server = try await JourneyProcess.Server()
        let (environment, root) = try Self.folders(server: server.url)
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try await JourneyProcess.run(["login", "--profile", "pingone", "--answer", "username=demo", "--answer", "Password=Demo-pass1",
                                                   "--json"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((json["access_token"] as? String)?.isEmpty == false && json["id_token_verified"] as? Bool == true)
        #expect((json["id_token_claims"] as? [String: Any])?["sub"] as? String == "demo")
        #expect(result.stderr.contains("Sign On") && !result.stderr.contains("Demo-pass1"))
        _ = await server.interrupt()
    }

    @Test func refusedAnswersAndFailedFlowsEndWithTheirExitCodes() async throws {
        let server = try await JourneyProcess.Server()
        let (environment, root) = try Self.folders(server: server.url)
        defer { try? FileManager.default.removeItem(at: root) }
        let refused = try await JourneyProcess.run(["login", "--profile", "pingone", "--answer", "username=demo", "--answer", "password=nope"],
                                                   environment: environment)
        #expect(refused.status == 1 && refused.stderr.contains("password: The provided password did not match provisioned password"))
        let locked = try await JourneyProcess.run(["login", "--profile", "pingone", "--answer", "username=locked", "--answer", "password=Locked-pass1"],
                                                  environment: environment)
        #expect(locked.status == 1 && locked.stderr.contains("The flow failed: The account locked is locked."))
        let missing = try await JourneyProcess.run(["login", "--profile", "pingone", "--answer", "username=demo"], environment: environment)
        #expect(missing.status == 2 && missing.stderr.contains("--answer \"password=…\""))
        let registration = try await JourneyProcess.run(["login", "--profile", "pingone", "--answer", "button=register", "--answer", "username=demo",
                                                         "--answer", "password=x"], environment: environment)
        #expect(registration.status == 2 && registration.stderr.contains("── Registration"), "the link led to the registration form")
        _ = await server.interrupt()
    }

    @Test func changedTermsAreAnsweredYesOrNoAndARequiredBoxMustBeTicked() async throws {
        let server = try await JourneyProcess.Server()
        let (environment, root) = try Self.folders(server: server.url)
        defer { try? FileManager.default.removeItem(at: root) }
        let bob = ["login", "--profile", "pingone", "--answer", "username=bob", "--answer", "password=Bob-pass1"]
        let missing = try await JourneyProcess.run(bob, environment: environment)
        #expect(missing.status == 2 && missing.stderr.contains("── Terms of use") && missing.stderr.contains("--answer \"acceptTerms=…\""), "\(missing.stderr)")
        let unreadable = try await JourneyProcess.run(bob + ["--answer", "acceptTerms=maybe"], environment: environment)
        #expect(unreadable.status == 2 && unreadable.stderr.contains("Answer \"I accept the terms of use\" with yes or no, not \"maybe\"."),
                "\(unreadable.stderr)")
        let declined = try await JourneyProcess.run(bob + ["--answer", "acceptTerms=no"], environment: environment)
        #expect(declined.status == 2 && declined.stderr.contains("Accept the terms of use to go on."), "\(declined.stderr)")
        let accepted = try await JourneyProcess.run(bob + ["--answer", "I accept the terms of use=yes", "--json"], environment: environment)
        #expect(accepted.status == 0, "\(accepted.stderr)")
        _ = await server.interrupt()
    }

    @Test func aQRCodesKeyIsPrintedLineByLine() async throws {
        let server = try await JourneyProcess.Server()
        let (environment, root) = try Self.folders(server: server.url)
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try await JourneyProcess.run(["login", "--profile", "pingone", "--answer", "username=carol", "--answer", "password=Carol-pass1"],
                                                  environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("── Authenticator app") && result.stderr.contains("Key to enter by hand: MFRGGZDFMZTWQ2LK"), "\(result.stderr)")
        _ = await server.interrupt()
    }

    @Test func aJourneyOptionInADaVinciProfileIsRefusedByName() async throws {
        let server = try await JourneyProcess.Server()
        let (environment, root) = try Self.folders(server: server.url)
        defer { try? FileManager.default.removeItem(at: root) }
        var variables = environment
        variables["JOURNEY_REALM"] = "alpha"
        let result = try await JourneyProcess.run(["login", "--profile", "pingone"], environment: variables)
        #expect(result.status == 64)
        #expect(result.stderr.contains("realm") && result.stderr.contains("kind: journey profiles, and this one is kind: davinci"))
        _ = await server.interrupt()
    }

    static let signOn = ["--answer", "username=demo", "--answer", "password=Demo-pass1"]
    static let journeySignIn = ["--tree", "Login", "--client-id", "journeyterm", "--redirect-uri", "http://127.0.0.1/callback",
                                "--scope", "openid profile", "--answer", "User Name=demo", "--answer", "Password=Demo-pass1"]

    @Test func aDaVinciInstanceKeepsItsTokensBesideAJourneyInstance() async throws {
        let server = try await JourneyProcess.Server()
        let (environment, root) = try Self.folders(server: server.url)
        defer { try? FileManager.default.removeItem(at: root) }
        let flow = try await JourneyProcess.run(["login", "--profile", "pingone", "--instance", "p1"] + Self.signOn, environment: environment)
        #expect(flow.status == 0, "\(flow.stderr)")
        let journey = try await JourneyProcess.run(["login", "--url", server.url, "--instance", "j1"] + Self.journeySignIn, environment: environment)
        #expect(journey.status == 0, "\(journey.stderr)")
        let listed = try await JourneyProcess.run(["instances", "--json"], environment: environment)
        let instances = try #require((try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])?["instances"] as? [[String: Any]])
        let kinds = Dictionary(uniqueKeysWithValues: instances.map { ($0["name"] as? String ?? "", $0["kind"] as? String ?? "") })
        #expect(kinds == ["j1": "journey", "p1": "davinci"])
        let p1 = try #require(instances.first { $0["name"] as? String == "p1" })
        #expect(p1["signedIn"] as? String == "demo")
        #expect((p1["stores"] as? [String: Any]).flatMap { ($0["tokens"] as? [String: Any])?["name"] as? String } == "davinci-tokens")
        let text = try await JourneyProcess.run(["instances"], environment: environment)
        #expect(text.stdout.contains("p1  (profile pingone, davinci)") && text.stdout.contains("j1  (journey)"))
        let token = try await JourneyProcess.run(["token", "--instance", "p1", "--json"], environment: environment)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(token.stdout.utf8)) as? [String: Any])
        #expect(first["renewal"] as? String == "unchanged" && first["id_token_verified"] as? Bool == true, "\(token.stderr)")
        let refreshed = try await JourneyProcess.run(["token", "--instance", "p1", "--refresh", "--json"], environment: environment)
        let second = try #require(try JSONSerialization.jsonObject(with: Data(refreshed.stdout.utf8)) as? [String: Any])
        #expect(second["renewal"] as? String == "refreshed" && second["access_token"] as? String != first["access_token"] as? String)
        let revoked = try await JourneyProcess.run(["token", "--instance", "p1", "--revoke"], environment: environment)
        #expect(revoked.status == 0 && revoked.stderr.contains("revoked at PingOne"))
        let gone = try await JourneyProcess.run(["token", "--instance", "p1"], environment: environment)
        #expect(gone.status == 1 && gone.stderr.contains("holds no tokens"))
        _ = await server.interrupt()
    }

    @Test func aStoreOfOneKindRefusesAnInstanceOfTheOther() async throws {
        let server = try await JourneyProcess.Server()
        let (environment, root) = try Self.folders(server: server.url)
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try await JourneyProcess.run(["login", "--url", server.url, "--instance", "j1"] + Self.journeySignIn, environment: environment).status == 0)
        #expect(try await JourneyProcess.run(["login", "--profile", "pingone", "--instance", "p1"] + Self.signOn, environment: environment).status == 0)
        let sameName = try await JourneyProcess.run(["login", "--url", server.url, "--instance", "p1"] + Self.journeySignIn, environment: environment)
        #expect(sameName.status == 64 && sameName.stderr.contains("\"p1\" is a DaVinci instance"), "\(sameName.stderr)")
        let otherName = try await JourneyProcess.run(["login", "--profile", "pingone", "--instance", "j1"] + Self.signOn, environment: environment)
        #expect(otherName.status == 64 && otherName.stderr.contains("\"j1\" is a journey instance"), "\(otherName.stderr)")
        var intoJourneyStore = environment
        intoJourneyStore["JOURNEY_TOKEN_STORE"] = "tokens"
        let refused = try await JourneyProcess.run(["login", "--profile", "pingone", "--instance", "p2"] + Self.signOn, environment: intoJourneyStore)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("The tokens store holds a Journey record, so a DaVinci client cannot use it"), "\(refused.stderr)")
        var intoFlowStore = environment
        intoFlowStore["JOURNEY_TOKEN_STORE"] = "davinci-tokens"
        let other = try await JourneyProcess.run(["login", "--url", server.url, "--instance", "j2"] + Self.journeySignIn, environment: intoFlowStore)
        #expect(other.status != 0)
        #expect(other.stderr.contains("The davinci-tokens store holds a DaVinci record, so a Journey client cannot use it"), "\(other.stderr)")
        _ = await server.interrupt()
    }

    @Test func userinfoAndLogoutGoToTheEnvironment() async throws {
        let server = try await JourneyProcess.Server()
        let (environment, root) = try Self.folders(server: server.url)
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try await JourneyProcess.run(["login", "--profile", "pingone", "--instance", "p1"] + Self.signOn, environment: environment).status == 0)
        let info = try await JourneyProcess.run(["userinfo", "--instance", "p1", "--json"], environment: environment)
        let claims = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
        #expect(claims["preferred_username"] as? String == "demo" && claims["email"] as? String == "demo@example.com", "\(info.stderr)")
        let tokens = try ServedInstances.object(try await JourneyProcess.run(["token", "--instance", "p1", "--json"], environment: environment))
        let out = try await JourneyProcess.run(["logout", "--instance", "p1"], environment: environment)
        #expect(out.status == 0 && out.stderr.contains("PingOne session ended"), "\(out.stderr)")
        let gone = try await JourneyProcess.run(["userinfo", "--instance", "p1"], environment: environment)
        #expect(gone.status == 1 && gone.stderr.contains("holds no tokens"))
        // The environment forgot them too: the revoked access token no longer opens userinfo.
        let endpoint = "\(String(server.url.dropLast("/am".count)))/\(DemoPingOne.defaultEnvironmentId)/as/userinfo"
        var request = URLRequest(url: try #require(URL(string: endpoint)))
        request.setValue("Bearer \(try #require(tokens["access_token"] as? String))", forHTTPHeaderField: "Authorization")
        let (_, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 401)
        _ = await server.interrupt()
    }

    @Test func presetsGiveDaVinciInstancesStoresOfTheirOwn() async throws {
        let server = try await JourneyProcess.Server()
        let (environment, root) = try Self.folders(server: server.url)
        defer { try? FileManager.default.removeItem(at: root) }
        for name in ["a", "b"] {
            let login = try await JourneyProcess.run(["login", "--profile", "pingone", "--preset", "multi-user", "--instance", name] + Self.signOn,
                                                     environment: environment)
            #expect(login.status == 0, "\(login.stderr)")
        }
        let listed = try await JourneyProcess.run(["instances", "--json"], environment: environment)
        let instances = try #require((try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])?["instances"] as? [[String: Any]])
        let tokenStores = instances.compactMap { (($0["stores"] as? [String: Any])?["tokens"] as? [String: Any])?["name"] as? String }.sorted()
        #expect(tokenStores == ["davinci_user_a_tokens", "davinci_user_b_tokens"])
        #expect(try await JourneyProcess.run(["logout", "--instance", "a"], environment: environment).status == 0)
        let b = try await JourneyProcess.run(["token", "--instance", "b"], environment: environment)
        #expect(b.status == 0, "signing one user out leaves the other signed on")
        _ = await server.interrupt()
    }

    @Test func configShowAndProfilesListShowADaVinciProfileAsOne() async throws {
        let (environment, root) = try Self.folders(server: "http://127.0.0.1:9/am")
        defer { try? FileManager.default.removeItem(at: root) }
        let shown = try await JourneyProcess.run(["config", "show", "--profile", "pingone"], environment: environment)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("discoveryEndpoint") && shown.stdout.contains("journeyterm-davinci"))
        #expect(!shown.stdout.contains("realm") && !shown.stdout.contains("oauthClientId") && !shown.stdout.contains("OAuth is off"))
        let listed = try await JourneyProcess.run(["profiles", "list"], environment: environment)
        #expect(listed.stdout.contains("davinci · http://127.0.0.1:9/\(DemoPingOne.defaultEnvironmentId)/as/.well-known/openid-configuration"))
    }
}
