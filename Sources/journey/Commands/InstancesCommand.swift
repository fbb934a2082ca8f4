import ArgumentParser
import DaVinci
import Foundation
import JourneyEngine
import Orchestrate

/// `journey instances`: every stored instance, its profile and stores, who is signed in and
/// when its tokens expire. Reads the stores only; AM is not asked.
struct InstancesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "instances",
        abstract: "List the stored client instances: profile, stores, who is signed in, token expiry.",
        discussion: """
        Each instance is of one kind, journey or davinci (a profile's kind: davinci runs PingOne DaVinci flows); the kinds never share a store. Instances naming the same store share what is in it: by default every journey instance shares the "session" and "tokens" stores (DaVinci instances "davinci-session" and "davinci-tokens"), so signing in or out in one does it in all. The step-up preset shares the session and keeps tokens per instance; the multi-user preset keeps both per instance, one user in each. Nothing is sent to AM: journey session checks a session there.

        Examples:
          journey instances
          journey instances --json
        """
    )

    @Flag(help: "Print one JSON document on stdout (no token values).") var json = false

    func run() async throws {
        let console = Console()
        let summaries: [InstanceSummary]
        let flows: [DaVinciInstanceSummary]
        do {
            let backend = try FileRecordStore()
            summaries = try InstanceDirectory.summaries(in: backend)
            flows = try DaVinciInstance.summaries(in: backend)
        } catch {
            console.say(console.styled("journey: \(CommandHint.message(for: error))", .red))
            throw ExitStatus.serverOrNetwork.code
        }
        let shared = InstanceDirectory.sharedStores(summaries)
        let sharers = Dictionary(uniqueKeysWithValues: shared.map { ($0.store, $0.instances) })
        let flowSharers = Self.sharers(of: flows)
        if json {
            console.json(["instances": .array(summaries.map { .object(Self.json($0, sharers: sharers)) }
                + flows.map { .object(Self.json($0, sharers: flowSharers)) })])
            return
        }
        guard !summaries.isEmpty || !flows.isEmpty else {
            console.say("No stored instances yet. journey login --instance NAME (or a tab in journey) makes one.")
            return
        }
        for summary in summaries {
            Self.lines(summary, sharers: sharers).forEach { console.result(TerminalString($0)) }
        }
        for flow in flows {
            Self.lines(flow, sharers: flowSharers).forEach { console.result(TerminalString($0)) }
        }
    }

    static func others(_ store: String, of instance: String, _ sharers: [String: [String]]) -> [String] {
        (sharers[store] ?? []).filter { $0 != instance }
    }

    private static func lines(_ summary: InstanceSummary, sharers: [String: [String]]) -> [String] {
        let name = TerminalText.line(summary.name)
        var heading = name
        var about: [String] = []
        if let profile = summary.profileName { about.append("profile \(TerminalText.line(profile))") }
        if let preset = summary.options?.preset, preset != .shared { about.append("preset \(preset.rawValue)") }
        about.append("journey")
        heading += "  (\(about.joined(separator: ", ")))"
        var lines = [heading]
        if let options = summary.options {
            lines.append("  server   \(TerminalText.line(options.url))  realm \(TerminalText.line(options.realmText))")
        }
        func store(_ store: String) -> String {
            let others = others(store, of: summary.name, sharers)
            return "store \"\(store)\"" + (others.isEmpty ? "" : " (shared with \(others.map(TerminalText.line).joined(separator: ", ")))")
        }
        let who = summary.session.map { session in
            "\(TerminalText.line(session.userName ?? "?")) signed in \(ReadableDuration.text(seconds: ReadableDuration.seconds(from: session.created, to: Date()))) ago"
        } ?? "nobody signed in"
        lines.append("  session  \(store(summary.stores.session)): \(who)")
        let tokens = summary.tokens.map { stored in
            let left = ReadableDuration.seconds(from: Date(), to: stored.tokens.expiresAt)
            let expiry = left > 0 ? "expire in \(ReadableDuration.text(seconds: left))" : "expired \(ReadableDuration.text(seconds: left)) ago"
            return "scope \(TerminalText.line(stored.tokens.scope ?? "?")), \(expiry)"
        } ?? (summary.options?.oauthClientId == nil ? "no OAuth client" : "none")
        lines.append("  tokens   \(store(summary.stores.tokens)): \(tokens)")
        lines.append("  cookies  \(store(summary.stores.cookies))")
        if let problem = summary.problem { lines.append("  ⚠ \(problem)") }
        return lines
    }

    private static func json(_ summary: InstanceSummary, sharers: [String: [String]]) -> JSONObject {
        func store(_ name: String) -> JSONValue {
            .object(["name": .string(name), "sharedWith": .array(others(name, of: summary.name, sharers).map(JSONValue.string))])
        }
        let iso = ISO8601DateFormatter()
        var object: JSONObject = [
            "name": .string(summary.name), "kind": .string(OrchestrationKind.journey.rawValue),
            "profile": summary.profileName.map(JSONValue.string) ?? .null,
            "preset": summary.options.map { .string($0.preset.rawValue) } ?? .null,
            "server": summary.options.map { .string($0.url) } ?? .null,
            "realm": summary.options.map { .string($0.realmText) } ?? .null,
            "oauthClientId": summary.options?.oauthClientId.map(JSONValue.string) ?? .null,
            "stores": .object(["session": store(summary.stores.session), "tokens": store(summary.stores.tokens),
                               "cookies": store(summary.stores.cookies)]),
            "signedIn": summary.signedInUser.map(JSONValue.string) ?? .null,
            "sessionCreated": summary.session.map { .string(iso.string(from: $0.created)) } ?? .null,
            "tokens": summary.tokens.map { stored in
                .object(["scope": stored.tokens.scope.map(JSONValue.string) ?? .null,
                         "expiresAt": .string(iso.string(from: stored.tokens.expiresAt))])
            } ?? .null,
        ]
        object["problem"] = summary.problem.map(JSONValue.string)
        return object
    }
}
