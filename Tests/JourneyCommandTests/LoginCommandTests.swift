import DemoAM
import Foundation
import Testing

/// `journey login` end to end: the real binary as a subprocess against `journey serve`.
@Suite(.serialized)
struct LoginCommandTests {
    @Test func loginJsonPrintsOnlyTheSessionOnStdout() async throws {
        let server = try await JourneyProcess.Server()
        let result = try await JourneyProcess.run([
            "login", "--url", server.url, "--tree", "Login",
            "--answer", "User Name=demo", "--answer", "Password=Demo-pass1", "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: String]
        #expect(json?["tokenId"]?.isEmpty == false)
        #expect(json?["realm"] == "/")
        #expect(json?["successUrl"] == "/am/console")
        #expect(result.stdout.split(separator: "\n").count == 1)
        #expect(result.stderr.contains("Sign In"))
        #expect(await server.interrupt() == 0)
    }

    @Test func anIDTokenWithAWrongNonceIsRefusedAndNoTokensAreStored() async throws {
        let demo = try await DemoAM.start(DemoAMConfiguration(port: 0, wrongNonce: .always))
        let state = TokenCommandTests.temporaryStateFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        let environment = ["XDG_STATE_HOME": state.path]
        let login = try await JourneyProcess.run(["login", "--url", demo.baseURL, "--tree", "Login", "--answer", "User Name=demo",
                                                  "--answer", "Password=Demo-pass1"] + TokenCommandTests.oauth, environment: environment)
        let token = try await JourneyProcess.run(["token", "--json"], environment: environment)
        let revoked = await demo.revocations().tokensRevoked
        await demo.stop()

        #expect(login.status == 3, "\(login.stderr)")
        #expect(login.stderr.contains("signed in, but no OAuth tokens"), "\(login.stderr)")
        #expect(login.stderr.contains("its nonce is not the one sent"), "\(login.stderr)")
        #expect(!login.stderr.contains("--strict"), "a wrong nonce is refused without it")
        #expect(!login.stderr.contains("OAuth tokens stored"))
        #expect(revoked.contains { $0.tokenType == .refreshToken }, "the refused tokens were revoked at AM")
        #expect(token.status != 0 && token.stdout.isEmpty, "no tokens were stored: \(token.stdout)\(token.stderr)")
    }

    @Test func exitCodesTellFailuresApart() async throws {
        let server = try await JourneyProcess.Server()
        let base = ["login", "--url", server.url, "--tree", "Login", "--json"]

        let wrong = try await JourneyProcess.run(base + ["--answer", "User Name=demo", "--answer", "Password=nope"])
        #expect(wrong.status == 1)
        #expect(wrong.stdout.isEmpty)
        #expect(wrong.stderr.contains("Authentication failed: Login failure."))

        let missing = try await JourneyProcess.run(base + ["--answer", "User Name=demo"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("\"Password\" (IDToken2)"))

        let refused = try await JourneyProcess.run(["login", "--url", "http://127.0.0.1:1/am", "--tree", "Login"])
        #expect(refused.status == 3)
        #expect(refused.stderr.contains("connection was refused"))

        let usage = try await JourneyProcess.run(["login", "--url", "not a url", "--tree", "Login"])
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("cannot be used"))
        #expect(await server.interrupt() == 0)
    }

    @Test func secondFactorAndRegistrationFromAnswerFiles() async throws {
        let server = try await JourneyProcess.Server()
        let folder = FileManager.default.temporaryDirectory.appending(path: "journey-answers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let code = try #require(TOTP.code(secret: "JBSWY3DPEHPK3PXP"))
        let secondFactor = folder.appending(path: "second-factor.txt")
        try "# SecondFactor\nUser Name=demo\nPassword=Demo-pass1\nChoose a second factor=Authenticator app\nEnter verification code=\(code)\n"
            .write(to: secondFactor, atomically: true, encoding: .utf8)
        let signedIn = try await JourneyProcess.run(["login", "--url", server.url, "--tree", "SecondFactor",
                                                     "--answers", secondFactor.path, "--json"])
        #expect(signedIn.status == 0, "\(signedIn.stderr)")
        #expect(signedIn.stdout.contains("tokenId"))

        let registration = folder.appending(path: "registration.txt")
        try """
        Username=carol
        First Name=Carol
        Last Name=Example
        Email Address=carol@example.com
        Send me special offers and services=no
        Password=Str0ng-pass
        IDToken7question=What's your favorite color?
        What's your favorite color?=green
        IDToken8question=Who was your first employer?
        Who was your first employer?=Acme
        terms=yes
        """.write(to: registration, atomically: true, encoding: .utf8)
        let registered = try await JourneyProcess.run(["login", "--url", server.url, "--tree", "Registration",
                                                       "--answers", registration.path, "--json"])
        #expect(registered.status == 0, "\(registered.stderr)")
        #expect(registered.stderr.contains("Sign Up"))

        let rejected = try await JourneyProcess.run(["login", "--url", server.url, "--tree", "Registration",
                                                     "--answers", registration.path])
        #expect(rejected.status == 1, "the same user cannot register twice")
        #expect(rejected.stderr.contains("must not already be in use"), "\(rejected.stderr)")
        // The refused page says which field failed, where it shows the failure.
        #expect(rejected.stderr.contains("✗ Username: must not already be in use"), "\(rejected.stderr)")
        #expect(await server.interrupt() == 0)
    }

    @Test func traceRedactsThePasswordAndToken() async throws {
        let server = try await JourneyProcess.Server()
        let result = try await JourneyProcess.run([
            "login", "--url", server.url, "--tree", "Login", "--trace", "--json",
            "--answer", "User Name=demo", "--answer", "Password=Demo-pass1",
        ])
        #expect(result.status == 0)
        let token = try #require((try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: String])?["tokenId"])
        #expect(result.stderr.contains("→ POST"))
        #expect(result.stderr.contains("‹redacted›"))
        #expect(!result.stderr.contains("Demo-pass1"))
        #expect(!result.stderr.contains(token))
        #expect(await server.interrupt() == 0)
    }
}
