import ArgumentParser
import Foundation
import JourneyEngine
import JourneyProfiles

/// `journey token`: the instance's OAuth tokens, refreshed as the SDKs would.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Show the instance's OAuth tokens (refreshed when they are about to expire).",
        discussion: """
        The access token is refreshed when it expires within 30 seconds (--refresh forces it);
        when refreshing is refused, new tokens are fetched with the SSO session; when that fails
        too, the instance is signed out. The ID token's claims are shown as verified or unverified.

        Examples:
          journey token
          journey token --instance high-security --json
          journey token --refresh
          journey token --revoke
        """
    )

    @OptionGroup(title: "Storage") var instance: InstanceOptions
    @OptionGroup(title: "Configuration") var options: ConfigurationOptions
    @OptionGroup var trace: TraceOption
    @Flag(help: "Print one JSON object on stdout (token values included).") var json = false
    @Flag(help: "Refresh now, even if the access token is not about to expire.") var refresh = false
    @Flag(help: "Revoke the tokens at AM and forget them.") var revoke = false
    @Flag(help: "Treat an ID token that fails verification as an error.") var strict = false

    func run() async throws {
        let status = await InstanceCommand.run(options, instance, trace) { session, console in
            let (client, stored) = try session.storedTokens()
            if revoke {
                try await client.revoke(stored.tokens)
                try session.instance.forget(tokensOn: session.server, clientId: client.configuration.clientId)
                console.say("Tokens revoked at AM and forgotten.")
                return .signedIn
            }
            var tokens = stored.tokens
            if refresh {
                // Stored at once: with rotation, AM has just revoked the old refresh token.
                tokens = try await client.refresh(tokens)
                try session.instance.save(StoredTokens(tokens: tokens, endpoints: client.endpoints), on: session.server,
                                          clientId: client.configuration.clientId)
            }
            let (usable, renewal) = try await InstanceCommand.renew(tokens, with: client, session: session)
            var claims: TokenClaims?
            if let idToken = usable.idToken { claims = await client.verifyIDToken(idToken) }
            try InstanceCommand.printTokens(usable, claims: claims, renewal: refresh ? .refreshed : renewal,
                                            json: json, console: console)
            if strict, let claims, !claims.isVerified { return .serverOrNetwork }
            return .signedIn
        }
        throw status.code
    }
}

/// `journey userinfo`: AM's userinfo for the instance's access token.
struct UserinfoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "userinfo",
        abstract: "Show AM's userinfo for the instance's access token.",
        discussion: "Examples:\n  journey userinfo\n  journey userinfo --instance second --json"
    )

    @OptionGroup(title: "Storage") var instance: InstanceOptions
    @OptionGroup(title: "Configuration") var options: ConfigurationOptions
    @OptionGroup var trace: TraceOption
    @Flag(help: "Print the userinfo JSON on stdout.") var json = false

    func run() async throws {
        let status = await InstanceCommand.run(options, instance, trace) { session, console in
            let (client, stored) = try session.storedTokens()
            let (tokens, _) = try await InstanceCommand.renew(stored.tokens, with: client, session: session)
            let info = try await client.userinfo(tokens)
            if json {
                // AM's own document, as AM sent it: with insecure on, stderr says so.
                print(info.terminalSafeJSONText)
            } else {
                for (key, value) in info.objectValue ?? [:] {
                    console.result("  \(TerminalText.line(key).padding(toLength: 20, withPad: " ", startingAt: 0)) \(TerminalText.line(value.stringValue ?? value.jsonText))")
                }
            }
            return .signedIn
        }
        throw status.code
    }
}

/// `journey session`: the instance's SSO session as AM sees it.
struct SessionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "session",
        abstract: "Show the instance's SSO session as AM sees it (user, realm, expiry).",
        discussion: """
        AM is asked whether the session is still valid, unless it said so less than cookieCache
        seconds ago (--cookie-cache; 0, the default, asks every time): then the stored session is
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
        let status = await InstanceCommand.run(options, instance, trace) { session, console in
            let noSession = "The instance \"\(session.instance.name)\" holds no session. Sign in with journey login."
            guard let check = try await session.checkedSession() else { throw InstanceProblem(noSession) }
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
                    throw InstanceProblem("AM no longer accepts the session (\(error.description)). Sign in again with journey login.")
                }
            }
            if json { console.json(shown.json) } else { shown.lines.forEach(console.result) }
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

/// `journey logout`: ends the session and revokes the tokens, as the SDKs' user logout does.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Log the instance out: end the SSO session and revoke its tokens, then forget them.",
        discussion: """
        The instance forgets its session, tokens and cookies even when AM cannot be reached, and
        says so. Without an SSO session but with an ID token, AM's endSession is called instead.

        Examples:
          journey logout
          journey logout --instance second
        """
    )

    @OptionGroup(title: "Storage") var instance: InstanceOptions
    @OptionGroup(title: "Configuration") var options: ConfigurationOptions
    @OptionGroup var trace: TraceOption

    func run() async throws {
        let status = await InstanceCommand.run(options, instance, trace) { session, console in
            var problems: [String] = []
            let clientId = session.oauth?.clientId
            let stored = try session.session
            if let tokenId = stored?.success.tokenId {
                do throws(JourneyError) {
                    let outcome = try await session.client.logout(tokenId: tokenId)
                    console.say(outcome == .loggedOut ? "SSO session ended at AM." : "The SSO session had already ended at AM.")
                } catch {
                    problems.append("AM could not be told to end the session: \(error.description)")
                }
            }
            if session.oauth != nil, let (client, tokens) = try? session.oauthClient(), let tokens {
                if stored?.success.tokenId == nil, let idToken = tokens.tokens.idToken {
                    do throws(OAuthError) { try await client.endSession(idToken: idToken) } catch { problems.append(error.description) }
                }
                do throws(OAuthError) {
                    try await client.revoke(tokens.tokens)
                    console.say("Tokens revoked at AM.")
                } catch {
                    problems.append("The tokens could not be revoked: \(error.description)")
                }
            }
            try session.instance.forget(on: session.server, clientId: clientId)
            guard problems.isEmpty else {
                for problem in problems { console.say(console.styled("⚠ \(problem)", .yellow)) }
                console.say("The instance forgot its session, tokens and cookies anyway.")
                return .serverOrNetwork
            }
            console.say("Logged out; the instance forgot its session, tokens and cookies.")
            return .signedIn
        }
        throw status.code
    }
}
