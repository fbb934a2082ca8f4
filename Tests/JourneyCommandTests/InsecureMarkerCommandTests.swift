import Foundation
import Testing

/// `insecure` is on every line: the plain output of each command that connects with it carries
/// the marker while it is on (stderr, prompts and the wire trace included, and results on
/// stdout), JSON on stdout stays JSON and says `"insecure": true`, and nothing is marked when
/// it is off. Against `journey serve --tls` and its self-signed certificate.
@Suite(.serialized)
struct InsecureMarkerCommandTests {
    static let marker = "⚠ insecure │ "
    static let answers = ["--answer", "User Name=demo", "--answer", "Password=Demo-pass1"]

    /// The lines of an output; the empty piece after the last newline is not one.
    static func lines(_ text: String) -> [Substring] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// Every line of stderr, and of stdout unless it is JSON, starts with the marker.
    static func expectMarked(_ result: JourneyProcess.Result, stdoutIsJSON: Bool = false, _ what: String) {
        #expect(!lines(result.stderr).isEmpty, "\(what): stderr says TLS verification is off")
        for line in lines(result.stderr) + (stdoutIsJSON ? [] : lines(result.stdout)) {
            #expect(line.hasPrefix(marker), "\(what): \(line)")
        }
    }

    @Test func everyLineIsMarkedWhileInsecureIsOnAndNoneWhenItIsOff() async throws {
        let server = try await TLSServe([])
        let state = TokenCommandTests.temporaryStateFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        // Pipes, not terminals: the marker is plain text.
        let environment = ["XDG_STATE_HOME": state.path]

        let login = try await JourneyProcess.run(["login", "--url", server.httpsURL, "--insecure", "--tree", "Login", "--instance", "lab",
                                                  "--trace"] + Self.answers + TokenCommandTests.oauth, environment: environment)
        #expect(login.status == 0, "\(login.stderr)")
        Self.expectMarked(login, "login")
        #expect(login.stderr.contains("TLS verification is off for \(server.httpsURL)"))
        #expect(login.stderr.contains("→ POST"), "the wire trace is marked too")
        #expect(login.stdout.contains("Signed in."))
        #expect(!(login.stderr + login.stdout).contains("\u{1B}["), "no colours without a terminal")

        // Later commands take insecure from the instance's stored options.
        for command in [["session"], ["token"], ["userinfo"], ["token", "--refresh"]] {
            let result = try await JourneyProcess.run(command + ["--instance", "lab"], environment: environment)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            Self.expectMarked(result, command.joined(separator: " "))
        }
        for command in [["token"], ["session"], ["login", "--tree", "Login"] + Self.answers] {
            let result = try await JourneyProcess.run(command + ["--instance", "lab", "--json"], environment: environment)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            Self.expectMarked(result, stdoutIsJSON: true, "\(command[0]) --json")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
            #expect(object["insecure"] as? Bool == true, "\(command[0]) --json")
        }
        let logout = try await JourneyProcess.run(["logout", "--instance", "lab"], environment: environment)
        #expect(logout.status == 0, "\(logout.stderr)")
        Self.expectMarked(logout, "logout")

        // The full-screen command's line-by-line mode: it stops at the first prompt (no answers).
        let plain = try await JourneyProcess.run(["--plain", "--url", server.httpsURL, "--insecure", "--tree", "Login"],
                                                 environment: environment)
        #expect(plain.status == 2, "\(plain.stderr)")
        Self.expectMarked(plain, "journey --plain")

        // Off: the same server, its certificate trusted as a root and verified.
        let verified = try await JourneyProcess.run(["login", "--url", server.httpsURL, "--ca-bundle", server.certificatePath,
                                                     "--tree", "Login", "--instance", "checked", "--trace"]
                                                    + Self.answers + TokenCommandTests.oauth, environment: environment)
        #expect(verified.status == 0, "\(verified.stderr)")
        let token = try await JourneyProcess.run(["token", "--instance", "checked", "--json"], environment: environment)
        #expect(token.status == 0, "\(token.stderr)")
        for result in [verified, token] {
            #expect(!(result.stderr + result.stdout).contains(Self.marker))
            #expect(!result.stderr.contains("TLS verification is off"))
        }
        #expect(!token.stdout.contains("\"insecure\""))
        #expect(await server.interrupt() == 0)
    }
}
