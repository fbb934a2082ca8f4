import Foundation
import SDKMockAM
import Testing

/// `journey login --har` against `journey serve`, then `journey login` against
/// `journey serve --replay` of that file: the real binary as subprocesses.
@Suite(.serialized)
struct ReplayCommandTests {
    private static let login = ["login", "--tree", "Login", "--answer", "User Name=demo", "--answer", "Password=Demo-pass1", "--json"]

    @Test func aRecordedLoginPassesAgainstItsReplayWithoutTheDemoAM() async throws {
        let folder = TokenCommandTests.temporaryStateFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let har = folder.appending(path: "login.har").path

        let demo = try await JourneyProcess.Server()
        let recorded = try await JourneyProcess.run(Self.login + ["--url", demo.url, "--har", har],
                                                    environment: ["XDG_STATE_HOME": folder.appending(path: "recording").path])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(await demo.interrupt() == 0)

        let replay = try await JourneyProcess.Server(arguments: ["serve", "--replay", har, "--port", "0"])
        let environment = ["XDG_STATE_HOME": folder.appending(path: "replaying").path]
        let replayed = try await JourneyProcess.run(Self.login + ["--url", replay.url], environment: environment)
        #expect(replayed.status == 0, "\(replayed.stderr)")
        let session = try JSONSerialization.jsonObject(with: Data(replayed.stdout.utf8)) as? [String: String]
        #expect(session?["tokenId"]?.hasPrefix("replayed-token-") == true, "the HAR's SSO token is redacted: \(replayed.stdout)")
        #expect(session?["successUrl"] == "/am/console")

        let other = try await JourneyProcess.run(["login", "--tree", "Other", "--url", replay.url, "--json"], environment: environment)
        #expect(other.status != 0)
        #expect(other.stderr.contains("Not recorded: no recorded POST to /am/json/realms/root/authenticate matches"), "\(other.stderr)")
        #expect(other.stderr.contains(#"query parameter authIndexValue is "Other", the recorded request's "Login""#), "\(other.stderr)")
        #expect(await replay.interrupt() == 0)
    }

    /// The JavaScript SDK's mock AM answers its RecaptchaEnterprise journey with the SSO token
    /// `bar`: too short to keep a prefix, the HAR holds it as `‹redacted›`, and the replay serves
    /// a stand-in for it as for any other token, so the recording passes again.
    @Test func aLoginRecordedAgainstAServerWithShortTokensReplays() async throws {
        let folder = TokenCommandTests.temporaryStateFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let har = folder.appending(path: "recaptcha.har").path
        let login = ["login", "--tree", SDKMockAM.journey, "--answer", "User Name=\(SDKMockAM.user)", "--answer", "Password=\(SDKMockAM.password)",
                     "--answer", "ReCaptchaEnterpriseCallback=\(SDKMockAM.captchaToken)", "--json"]

        let mock = try await SDKMockAM.start()
        let recorded = try await JourneyProcess.run(login + ["--url", mock.url, "--har", har],
                                                    environment: ["XDG_STATE_HOME": folder.appending(path: "recording").path])
        await mock.stop()
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect((try JSONSerialization.jsonObject(with: Data(recorded.stdout.utf8)) as? [String: String])?["tokenId"] == "bar")
        let file = try String(contentsOfFile: har, encoding: .utf8)
        #expect(!file.contains("\"bar\"") && !file.contains("\\\"bar\\\"") && !file.contains("\"123\""), "the short token and the CAPTCHA token are redacted")

        let replay = try await JourneyProcess.Server(arguments: ["serve", "--replay", har, "--port", "0"])
        let replayed = try await JourneyProcess.run(login + ["--url", replay.url], environment: ["XDG_STATE_HOME": folder.appending(path: "replaying").path])
        #expect(replayed.status == 0, "\(replayed.stderr)")
        let session = try JSONSerialization.jsonObject(with: Data(replayed.stdout.utf8)) as? [String: String]
        #expect(session?["tokenId"]?.hasPrefix("replayed-token-") == true, "\(replayed.stdout)")
        #expect(await replay.interrupt() == 0)
    }

    @Test func aMalformedHARExits64NamingTheFile() async throws {
        let file = FileManager.default.temporaryDirectory.appending(path: "broken-\(UUID().uuidString).har")
        try Data(#"{"log":{}}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await JourneyProcess.run(["serve", "--replay", file.path, "--port", "0"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("\(file.path) cannot be replayed: log: \"entries\" is missing"), "\(result.stderr)")
    }

    @Test func aHARWithAStatusNoServerSendsExits64NamingTheEntry() async throws {
        let file = FileManager.default.temporaryDirectory.appending(path: "status-\(UUID().uuidString).har")
        try Data(#"{"log":{"entries":[{"request":{"method":"GET","url":"http://h/am/json/x"},"response":{"status":1000,"headers":[],"content":{}}}]}}"#.utf8)
            .write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await JourneyProcess.run(["serve", "--replay", file.path, "--port", "0"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("entry 1: response.status 1000 is not an HTTP status (100 to 599)"), "\(result.stderr)")
    }

    @Test func theDemoAMsOptionsAreRefusedWithReplay() async throws {
        let tls = try await JourneyProcess.run(["serve", "--replay", "run.har", "--tls"])
        #expect(tls.status == 64)
        #expect(tls.stderr.contains("--tls does not apply to --replay"), "\(tls.stderr)")
        let timeout = try await JourneyProcess.run(["serve", "--replay", "run.har", "--journey-timeout", "60"])
        #expect(timeout.status == 64)
        #expect(timeout.stderr.contains("--replay answers as recorded"), "\(timeout.stderr)")
    }
}
