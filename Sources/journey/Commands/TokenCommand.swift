import ArgumentParser
import DaVinci
import Foundation
import JourneyEngine
import JourneyProfiles
import Orchestrate

/// `journey token`: the instance's OAuth tokens, refreshed as the SDKs would.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Show the instance's OAuth tokens (refreshed when they are about to expire).",
        discussion: """
        The access token is refreshed when it expires within 30 seconds (--refresh forces it); \
        when refreshing is refused, new tokens are fetched with the SSO session; when that fails \
        too, the instance is signed out. The ID token's claims are shown as verified or unverified. \
        A DaVinci instance (journey login --profile P with kind: davinci) is refreshed the same \
        way; without a refresh token it is signed out, since only its flow can mint new tokens.

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
        if options.profile == nil, var tokens = try DaVinciTokens.stored(instance.instance, console: Console()) {
            tokens.traces = trace.trace || trace.traceSecrets
            tokens.revealsSecrets = trace.traceSecrets
            throw await tokens.run(refresh: refresh, revoke: revoke, json: json, console: Console()).code
        }
        let status = await InstanceCommand.run(options, instance, trace, use: revoke ? "revoke" : refresh ? "refresh" : "show") { session, console in
            let (client, stored) = try session.storedTokens()
            if revoke {
                guard let stored else { throw InstanceProblem("The instance \"\(session.instance.name)\" holds no tokens to revoke.", status: .notSignedIn) }
                try await client.revoke(stored.tokens)
                try session.instance.forget(tokensOn: session.server, clientId: client.configuration.clientId)
                console.say("Tokens revoked at AM and forgotten.")
                return .signedIn
            }
            var tokens = stored?.tokens
            if refresh, stored != nil {
                // Under the store's renewal lock, from the tokens stored now (another process may
                // have just rotated the refresh token), and stored at once: AM revoked the old one.
                tokens = try await session.instance.renewingTokens(on: session.server, clientId: client.configuration.clientId) { current in
                    guard let current else { return (nil, nil) }
                    let refreshed = try await client.refresh(current.tokens)
                    return (StoredTokens(tokens: refreshed, endpoints: client.endpoints), refreshed)
                }
            }
            let (usable, renewal) = try await InstanceCommand.renew(tokens, with: client, session: session)
            var claims: TokenClaims?
            if let idToken = usable.idToken { claims = await client.verifyIDToken(idToken) }
            try InstanceCommand.printTokens(usable, claims: claims, renewal: refresh && stored != nil ? .refreshed : renewal,
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
        if options.profile == nil, var tokens = try DaVinciTokens.stored(instance.instance, console: Console()) {
            tokens.traces = trace.trace || trace.traceSecrets
            tokens.revealsSecrets = trace.traceSecrets
            throw await tokens.userinfo(json: json, console: Console()).code
        }
        let status = await InstanceCommand.run(options, instance, trace, use: "ask userinfo with") { session, console in
            let (client, stored) = try session.storedTokens()
            let (tokens, _) = try await InstanceCommand.renew(stored?.tokens, with: client, session: session)
            Self.print(try await client.userinfo(tokens), json: json, console: console)
            return .signedIn
        }
        throw status.code
    }

    /// The server's userinfo document: with `--json` as the server sent it (terminal-safe; with
    /// insecure on, stderr says so), else one claim per line.
    static func print(_ info: JSONValue, json: Bool, console: Console) {
        guard !json else {
            Swift.print(info.terminalSafeJSONText)
            return
        }
        for (key, value) in info.objectValue ?? [:] {
            console.result("  \(TerminalText.line(key).padding(toLength: 20, withPad: " ", startingAt: 0)) \(TerminalText.line(value.stringValue ?? value.jsonText))")
        }
    }
}
