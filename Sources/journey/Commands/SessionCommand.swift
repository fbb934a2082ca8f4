import ArgumentParser
import Foundation
import JourneyEngine
import Orchestrate

/// `journey session`: the instance's SSO session as AM sees it.
struct SessionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "session",
        abstract: "Show the instance's SSO session as AM sees it (user, realm, expiry).",
        discussion: """
        AM is asked whether the session is still valid, unless it said so less than cookieCache \
        seconds ago (--cookie-cache; 0, the default, asks every time): then the stored session is \
        shown without a request. A session AM no longer accepts is forgotten (exit code 1).

        Examples:
          journey session
          journey session --instance second --json
          journey session --cookie-cache 300
        """
    )

    @OptionGroup(title: "Storage") var instance: InstanceOptions
    @OptionGroup(title: "Configuration") var options: ConfigurationOptions
    @OptionGroup var trace: TraceOption
    @Flag(help: "Print one JSON object on stdout.") var json = false

    func run() async throws {
        let status = await InstanceCommand.run(options, instance, trace, use: "check") { session, console in
            let noSession = "The instance \"\(session.instance.name)\" holds no session. Sign in with journey login."
            guard let check = try await session.checkedSession() else { throw InstanceProblem(noSession, status: .notSignedIn) }
            guard let stored = check.usable, let tokenId = stored.success.tokenId else {
                throw InstanceProblem("Sign in again with journey login.", status: .authenticationFailed)
            }
            var shown = ShownSession(stored, cookie: session.server.cookieName)
            if case .trusted(_, let age) = check {
                shown.trustedFor = (age, session.instance.cookieCacheSeconds)
            } else {
                do throws(JourneyError) {
                    shown.info = try await session.client.sessionInfo(tokenId: tokenId)
                } catch {
                    throw InstanceProblem("AM no longer accepts the session (\(error.description)). Sign in again with journey login.", status: .notSignedIn)
                }
            }
            if json { console.json(shown.json) } else { shown.lines.forEach { console.result(TerminalString($0)) } }
            try await session.saveCookies()
            return .signedIn
        }
        throw status.code
    }
}

/// A session as `journey session` shows it: AM's information when AM was asked, else what the
/// instance stored, with how long ago AM last accepted it.
private struct ShownSession {
    let stored: StoredSession
    let cookie: String
    /// AM's answer, when it was asked.
    var info: SessionInfo?
    /// Seconds since AM last accepted the session, and the cookieCache that trusts it.
    var trustedFor: (age: TimeInterval, cookieCache: Double)?

    init(_ stored: StoredSession, cookie: String) {
        self.stored = stored
        self.cookie = cookie
    }

    private var user: String? { info?.username ?? stored.userName }
    private var realm: String? { info?.realm ?? stored.success.realm }

    var json: JSONObject {
        [
            "username": user.map(JSONValue.string) ?? .null, "realm": realm.map(JSONValue.string) ?? .null,
            "maxIdleExpirationTime": info?.maxIdleExpirationTime.map(JSONValue.string) ?? .null,
            "maxSessionExpirationTime": info?.maxSessionExpirationTime.map(JSONValue.string) ?? .null,
            "cookie": .string(cookie), "valid": .bool(true), "trusted": .bool(trustedFor != nil),
            "checkedAt": .string(ISO8601DateFormatter().string(from: stored.lastConfirmed)),
        ]
    }

    var lines: [String] {
        let heading = "Session of \(TerminalText.line(user ?? "?")) in realm \(TerminalText.line(realm ?? "?"))"
        let token = "  token           \(Redaction.token(stored.success.tokenId ?? "")) (cookie \(cookie))"
        guard let trustedFor else {
            return ["\(heading) (valid at AM)",
                    "  idle expiry     \(TerminalText.line(info?.maxIdleExpirationTime ?? "?"))",
                    "  session expiry  \(TerminalText.line(info?.maxSessionExpirationTime ?? "?"))", token]
        }
        return ["\(heading) (trusted: AM accepted it \(Int(trustedFor.age)) s ago, within cookieCache \(trustedFor.cookieCache.formatted()) s; AM was not asked)",
                token]
    }
}
