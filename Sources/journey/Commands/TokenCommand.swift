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
                print(info.terminalSafeJSONText)
            } else {
                for (key, value) in info.objectValue ?? [:] {
                    print("  \(TerminalText.line(key).padding(toLength: 20, withPad: " ", startingAt: 0)) \(TerminalText.line(value.stringValue ?? value.jsonText))")
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
        discussion: "Examples:\n  journey session\n  journey session --instance second --json"
    )

    @OptionGroup(title: "Storage") var instance: InstanceOptions
    @OptionGroup(title: "Configuration") var options: ConfigurationOptions
    @OptionGroup var trace: TraceOption
    @Flag(help: "Print one JSON object on stdout.") var json = false

    func run() async throws {
        let status = await InstanceCommand.run(options, instance, trace) { session, console in
            guard let stored = try session.session, let tokenId = stored.success.tokenId else {
                throw InstanceProblem("The instance \"\(session.instance.name)\" holds no session. Sign in with journey login.")
            }
            let info: SessionInfo
            let valid: Bool
            do throws(JourneyError) {
                valid = try await session.client.validate(tokenId: tokenId)
                guard valid else { throw .authenticationFailed(AMErrorBody(code: 401, reason: nil, message: "the session is not valid", detail: nil)) }
                info = try await session.client.sessionInfo(tokenId: tokenId)
            } catch {
                throw InstanceProblem("AM no longer accepts the session (\(error.description)). Sign in again with journey login.")
            }
            if json {
                let object: JSONObject = ["username": .string(info.username), "realm": .string(info.realm),
                                          "maxIdleExpirationTime": info.maxIdleExpirationTime.map(JSONValue.string) ?? .null,
                                          "maxSessionExpirationTime": info.maxSessionExpirationTime.map(JSONValue.string) ?? .null,
                                          "cookie": .string(session.server.cookieName), "valid": .bool(valid)]
                print(JSONValue.object(object).terminalSafeJSONText)
            } else {
                print("Session of \(TerminalText.line(info.username)) in realm \(TerminalText.line(info.realm)) (valid at AM)")
                print("  idle expiry     \(TerminalText.line(info.maxIdleExpirationTime ?? "?"))")
                print("  session expiry  \(TerminalText.line(info.maxSessionExpirationTime ?? "?"))")
                print("  token           \(Redaction.token(tokenId)) (cookie \(session.server.cookieName))")
            }
            try await session.saveCookies()
            return .signedIn
        }
        throw status.code
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
