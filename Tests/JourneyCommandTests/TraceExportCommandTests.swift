import Foundation
import Testing

/// `journey login --har FILE --save-answers FILE`: the journey as an HTTP Archive browsers'
/// developer tools open, and its non-secret answers, which `journey login --answers` replays.
@Suite(.serialized)
struct TraceExportCommandTests {
    @Test func theSavedAnswersReplayTheJourneyAndTheHARIsValidAndRedacted() async throws {
        try await ServedInstances.with { served in
            let folder = served.state.appending(path: "exports/new")
            let (har, answers) = (folder.appending(path: "login.har"), folder.appending(path: "login.answers"))
            let journey = ["login", "--url", served.server.url, "--tree", "SecondFactor", "--redirect-uri", "http://127.0.0.1/callback"]
                + ServedInstances.standardClient
            let code = try ServedInstances.code()
            let first = try await served.run(journey + [
                "--answer", "User Name=demo", "--answer", "Password=Demo-pass1", "--answer", "Choose a second factor=Authenticator app",
                "--answer", "Enter verification code=\(code)", "--har", har.path, "--save-answers", answers.path, "--json",
            ])
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stderr.contains("saved as HAR 1.2 in \(har.path) (credentials redacted)"))
            let tokenId = try #require(try ServedInstances.object(first)["tokenId"] as? String)
            let tokens = try ServedInstances.object(try await served.run(["token", "--json"]))
            let secrets = ["Demo-pass1", code, tokenId] + ["access_token", "refresh_token", "id_token"].compactMap { tokens[$0] as? String }
            #expect(secrets.count == 6)

            // Both files 0600, in a folder made 0700; neither holds a secret.
            #expect(try Self.mode(folder.path) == 0o700)
            for file in [har, answers] {
                #expect(try Self.mode(file.path) == 0o600)
                let text = try String(contentsOf: file, encoding: .utf8)
                for secret in secrets { #expect(!text.contains(secret), "\(file.lastPathComponent) holds a secret: \(secret.prefix(6))…") }
            }
            let saved = try String(contentsOf: answers, encoding: .utf8)
            #expect(saved.contains("\nUser Name=demo\n") && saved.contains("\nChoose a second factor=Authenticator app\n"), "\(saved)")
            #expect(saved.contains("# Password=… (secret: not saved)") && saved.contains("# Enter verification code=… (secret: not saved)"))

            // The HAR read back: HAR 1.2's required fields, every exchange of the run.
            let entries = try Self.entries(of: har)
            #expect(entries.count >= 6, "start, three pages, authorize, token exchange")
            for entry in entries { try Self.checkRequiredFields(entry) }
            let urls = entries.compactMap { ($0["request"] as? [String: Any])?["url"] as? String }
            #expect(urls.contains { $0.contains("/authenticate?") } && urls.contains { $0.hasSuffix("/access_token") })

            // Replayed from the file, with the secrets given again: the file's choice is sent.
            let replay = folder.appending(path: "replay.har")
            let again = try await served.run(journey + ["--answers", answers.path, "--answer", "Password=Demo-pass1",
                                                        "--answer", "Enter verification code=\(try ServedInstances.code())", "--har", replay.path])
            #expect(again.status == 0, "\(again.stderr)")
            let sentChoices = try Self.entries(of: replay).compactMap { entry -> JSONValueProbe? in
                guard let text = ((entry["request"] as? [String: Any])?["postData"] as? [String: Any])?["text"] as? String else { return nil }
                return JSONValueProbe(text)
            }.compactMap { $0.choiceValue }
            #expect(sentChoices == [0], "the authenticator app came from the answers file")
            let without = try await served.run(journey + ["--answer", "Password=Demo-pass1"])
            #expect(without.status == 2, "without the file the user name is missing")
        }
    }

    @Test func traceSecretsShowsWhatTraceHides() async throws {
        try await ServedInstances.with { served in
            let login = ["login", "--url", served.server.url, "--tree", "Login", "--answer", "User Name=demo", "--answer", "Password=Demo-pass1"]
            let redacted = try await served.run(login + ["--trace"])
            #expect(redacted.status == 0 && redacted.stderr.contains("→ POST") && !redacted.stderr.contains("Demo-pass1"))
            let revealed = try await served.run(login + ["--trace-secrets"])
            #expect(revealed.status == 0 && revealed.stderr.contains("→ POST") && revealed.stderr.contains("\"Demo-pass1\""))
        }
    }

    /// The required fields of a HAR 1.2 entry (http://www.softwareishard.com/blog/har-12-spec/).
    static func checkRequiredFields(_ entry: [String: Any]) throws {
        let started = try #require(entry["startedDateTime"] as? String)
        #expect((try? Date(started, strategy: .iso8601.year().month().day().time(includingFractionalSeconds: true))) != nil, "\(started)")
        #expect(entry["time"] is NSNumber && entry["cache"] is [String: Any])
        let request = try #require(entry["request"] as? [String: Any])
        for key in ["method", "url", "httpVersion"] { #expect(request[key] is String, "request.\(key)") }
        for key in ["headers", "queryString", "cookies"] { #expect(request[key] is [Any], "request.\(key)") }
        #expect(request["headersSize"] is NSNumber && request["bodySize"] is NSNumber)
        if let post = request["postData"] as? [String: Any] { #expect(post["mimeType"] is String) }
        let response = try #require(entry["response"] as? [String: Any])
        #expect(response["status"] is NSNumber && response["statusText"] is String && response["httpVersion"] is String)
        #expect(response["headers"] is [Any] && response["cookies"] is [Any] && response["redirectURL"] is String)
        let content = try #require(response["content"] as? [String: Any])
        #expect(content["size"] is NSNumber && content["mimeType"] is String)
        let timings = try #require(entry["timings"] as? [String: Any])
        for key in ["send", "wait", "receive"] { #expect(timings[key] is NSNumber, "timings.\(key)") }
    }

    static func entries(of har: URL) throws -> [[String: Any]] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: har)) as? [String: Any])
        let log = try #require(document["log"] as? [String: Any])
        #expect(log["version"] as? String == "1.2")
        #expect((log["creator"] as? [String: Any])?["name"] as? String == "JourneyTerm")
        return try #require(log["entries"] as? [[String: Any]])
    }

    static func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int ?? 0) & 0o777
    }
}

/// A request body read just enough to find the answer it sends to a ChoiceCallback.
private struct JSONValueProbe {
    let object: [String: Any]?

    init(_ text: String) {
        object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    }

    var choiceValue: Int? {
        let callbacks = object?["callbacks"] as? [[String: Any]] ?? []
        guard let choice = callbacks.first(where: { $0["type"] as? String == "ChoiceCallback" }) else { return nil }
        return ((choice["input"] as? [[String: Any]])?.first?["value"] as? NSNumber)?.intValue
    }
}
