import Foundation
import HostileAM
import JourneyEngine
import Orchestrate
import Testing

/// Every command against an AM whose every string carries terminal escapes and every number an
/// Int64 edge (`HostileAM`): no raw control byte reaches stdout, stderr, a HAR file or an
/// export, and nothing crashes.
@Suite(.serialized)
struct HostileServerCommandTests {
    /// The OAuth options the hostile AM's tokens are minted for.
    static let oauth = ["--client-id", "journeyterm", "--redirect-uri", "http://127.0.0.1/callback", "--scope", "openid profile"]
    /// Answers for the hostile journey's inputs, by input name.
    static let answers = ["IDToken1=hostile", "IDToken2=pw", "IDToken6=1", "IDToken7=1", "IDToken8=x", "IDToken9=1", "IDToken10=true",
                          "IDToken12=x"].flatMap { ["--answer", $0] }

    @Test func noCommandShowsTheServersTextRawOrCrashes() async throws {
        let am = try await HostileAM.start()
        let run = HostileRun(am: am)
        defer { run.removeFolders() }
        let login = ["login", "--url", am.url, "--tree", HostileAM.hostileJourney, "--instance", "h"] + Self.oauth + Self.answers
        let har = run.folder.appending(path: "login.har")
        let answersFile = run.folder.appending(path: "login.answers")
        let instance = ["--instance", "h"]
        let commands: [[String]] = [
            login, login + ["--json"], login + ["--trace"], login + ["--har", har.path, "--save-answers", answersFile.path],
            ["token"] + instance, ["token", "--json"] + instance, ["token", "--trace"] + instance, ["token", "--refresh", "--trace"] + instance,
            ["userinfo"] + instance, ["userinfo", "--json"] + instance, ["userinfo", "--trace"] + instance,
            ["session"] + instance, ["session", "--json"] + instance, ["session", "--trace"] + instance,
            ["instances"], ["instances", "--json"],
            ["introspect", "--client-id", "resource-server", "--trace"] + instance, ["introspect", "--json", "--client-id", "resource-server"] + instance,
            ["request", am.resourceURL, "--trace"] + instance, ["request", am.resourceURL, "--json"] + instance,
            ["logout", "--trace"] + instance,
        ]
        for command in commands {
            let result = try await run.journey(command)
            HostileRun.expectSafe(result, command)
            #expect(result.status != 0 || !command.contains("request"), "\(command): the hostile resource never says yes")
        }
        let harText = try String(contentsOf: har, encoding: .utf8)
        #expect(HostileRun.unsafe(in: harText).isEmpty, "the HAR file holds raw controls: \(HostileRun.unsafe(in: harText))")
        #expect(harText.contains("\\u001b]0;PWNED"), "the HAR keeps what the server sent, escaped")
        let answersText = try String(contentsOf: answersFile, encoding: .utf8)
        #expect(HostileRun.unsafe(in: answersText).isEmpty, "the answers file holds raw controls: \(answersText)")
        #expect(answersText.contains("\nIDToken1="), "a prompt with escapes is keyed by its input's name: \(answersText)")
        await am.stop()
    }

    @Test func anSSOTokenWithEscapesIsRefusedWhenReceived() async throws {
        let am = try await HostileAM.start()
        let run = HostileRun(am: am)
        defer { run.removeFolders() }
        let login = try await run.journey(["login", "--url", am.url, "--tree", HostileAM.escapingTokenJourney, "--instance", "e", "--trace"]
                                          + Self.oauth + Self.answers)
        HostileRun.expectSafe(login, ["login"])
        #expect(login.status == 3)
        #expect(login.stderr.contains("tokenId holds characters an SSO token never has"))
        let session = try await run.journey(["session", "--instance", "e"])
        #expect(session.status == 1, "nothing was kept: \(session.stderr)")
        await am.stop()
    }

    /// A session stored by an earlier version, whose token holds an escape: traced and logged
    /// out without it reaching the terminal, and never shown whole.
    @Test func aStoredTokenWithEscapesIsNeverPrintedRaw() async throws {
        let am = try await HostileAM.start()
        let run = HostileRun(am: am)
        defer { run.removeFolders() }
        let login = try await run.journey(["login", "--url", am.url, "--tree", HostileAM.hostileJourney, "--instance", "old"] + Self.oauth + Self.answers)
        #expect(login.status == 0, "\(login.stderr)")
        let backend = try FileRecordStore(folder: run.state.appending(path: "journeyterm"))
        let instance = try ClientInstance(name: "old", backend: backend)
        let server = try ServerConfiguration(url: am.url)
        let hostileToken = "\u{1B}]0;PWNED\u{07}AQIC5wM2LY4SfczSECRETSECRET"
        try instance.save(StoredSession(success: LoginSuccess(tokenId: hostileToken, successUrl: nil, realm: nil), userName: "x"), on: server)
        for command in [["session", "--trace", "--instance", "old"], ["logout", "--trace", "--instance", "old"]] {
            let result = try await run.journey(command)
            HostileRun.expectSafe(result, command)
            #expect(!(result.stdout + result.stderr).contains("SECRETSECRET"), "\(command): the SSO token shown whole")
        }
        await am.stop()
    }

    /// `expires_in` at Int64's ends and beyond: stored, then every command that shows a lifetime
    /// runs (these used to trap in the readable duration and a Double→Int conversion).
    @Test(arguments: [HostileNumber.int(.min), .int(.max), .double(1e308), .double(-1e308)])
    func lifetimesAtTheEdgesNeverCrash(_ expiresIn: HostileNumber) async throws {
        let am = try await HostileAM.start(expiresIn: expiresIn)
        let run = HostileRun(am: am)
        defer { run.removeFolders() }
        let login = try await run.journey(["login", "--url", am.url, "--tree", HostileAM.hostileJourney, "--instance", "t"] + Self.oauth + Self.answers)
        #expect(login.status == 0, "\(login.stderr)")
        for command in [["instances"], ["instances", "--json"], ["token", "--instance", "t"], ["token", "--json", "--instance", "t"]] {
            let result = try await run.journey(command)
            HostileRun.expectSafe(result, command)
        }
        let token = try await run.journey(["token", "--json", "--instance", "t"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(token.stdout.utf8)) as? [String: Any], "\(token.stderr)")
        let expiresAt = try #require(object["expires_at"] as? String, "\(token.stdout)")
        let year = Int(expiresAt.prefix(4)) ?? 0
        #expect((2000...2040).contains(year), "a lifetime is kept between 0 and ten years: \(expiresAt)")
        await am.stop()
    }
}

/// One hostile run's folders and environment.
struct HostileRun {
    let am: HostileAM
    let folder = FileManager.default.temporaryDirectory.appending(path: "journey-hostile-\(UUID().uuidString)")
    var state: URL { folder.appending(path: "state") }

    var environment: [String: String] {
        ["XDG_STATE_HOME": state.path, "XDG_CONFIG_HOME": folder.appending(path: "config").path, "JOURNEY_CLIENT_SECRET": "secret"]
    }

    func journey(_ arguments: [String]) async throws -> JourneyProcess.Result {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try await JourneyProcess.run(arguments, environment: environment)
    }

    func removeFolders() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The characters a terminal would act on, but line breaks: C0, DEL, C1, bidi controls.
    static func unsafe(in text: String) -> [String] {
        text.unicodeScalars.filter { $0 != "\n" && TerminalText.isUnsafe($0) }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }

    /// No raw control in stdout or stderr, and an exit code of journey's own (not a crash).
    static func expectSafe(_ result: JourneyProcess.Result, _ command: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let shown = command.map { $0.count > 40 ? String($0.prefix(40)) + "…" : $0 }.joined(separator: " ")
        #expect(unsafe(in: result.stdout).isEmpty, "journey \(shown): raw controls on stdout \(unsafe(in: result.stdout))\n\(result.stdout)",
                sourceLocation: sourceLocation)
        #expect(unsafe(in: result.stderr).isEmpty, "journey \(shown): raw controls on stderr \(unsafe(in: result.stderr))\n\(result.stderr)",
                sourceLocation: sourceLocation)
        #expect(!result.crashed && [0, 1, 2, 3, 4, 5, 64].contains(result.status),
                "journey \(shown) \(result.crashed ? "crashed with signal" : "exited") \(result.status)\n\(result.stderr)", sourceLocation: sourceLocation)
    }
}
