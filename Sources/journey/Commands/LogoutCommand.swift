import ArgumentParser
import DaVinci
import Foundation
import JourneyEngine
import Orchestrate

/// `journey logout`: ends the session and revokes the tokens, as the SDKs' user logout does.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Log the instance out: end the SSO session and revoke its tokens, then forget them.",
        discussion: """
        The instance forgets its session, tokens and cookies even when AM cannot be reached, and says so. Without an SSO session but with an ID token, AM's endSession is called instead. Instances that share the session or token store (the default) are signed out with it.

        --all signs out every stored instance, each at the server that issued its session and tokens; a shared store is ended once. A DaVinci instance's tokens are revoked and its PingOne session ended (end session with the ID token).

        Examples:
          journey logout
          journey logout --instance second
          journey logout --all
        """
    )

    @Flag(help: "Sign out every stored instance (journey instances lists them).") var all = false

    @OptionGroup(title: "Storage") var instance: InstanceOptions
    @OptionGroup(title: "Configuration") var options: ConfigurationOptions
    @OptionGroup var trace: TraceOption

    func run() async throws {
        if all { throw await Self.signOutAll(traces: !trace.flags.isEmpty).code }
        if options.profile == nil, var tokens = try DaVinciTokens.stored(instance.instance, console: Console()) {
            tokens.traces = trace.trace || trace.traceSecrets
            tokens.revealsSecrets = trace.traceSecrets
            throw await tokens.signOff(console: Console()).code
        }
        let status = await InstanceCommand.run(options, instance, trace, use: "log out") { session, console in
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
            var kept: (OAuthClient, StoredTokens?)?
            if session.oauth != nil {
                do { kept = try session.oauthClient() } catch { problems.append("The tokens could not be read from the instance's stores: \(error)") }
            }
            if let (client, tokens) = kept, let tokens {
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

    /// Signs every stored instance out at its own server, by the same steps a configuration
    /// change that makes a new identity takes.
    private static func signOutAll(traces: Bool) async -> ExitStatus {
        let console = Console()
        do {
            let backend = try FileRecordStore()
            let summaries = try InstanceDirectory.summaries(in: backend)
            let flows = try DaVinciInstance.summaries(in: backend).filter { $0.tokens != nil }
            if summaries.isEmpty, flows.isEmpty { console.say("No stored instances: nothing to sign out.") }
            var failed = false
            for summary in summaries {
                guard let options = summary.options else {
                    console.say("\(summary.name): \(summary.problem ?? "no options stored"); skipped.")
                    continue
                }
                let instance: ClientInstance
                do {
                    instance = try ClientInstance(name: summary.name, backend: backend, options: options)
                } catch {
                    console.say(console.styled("\(summary.name): \(error.description); skipped.", .yellow))
                    failed = true
                    continue
                }
                let actions = await InstanceLifecycle.signOut(instance, options: options, transport: HTTPTransports.make(for: options),
                                                              logger: Console.wireLogger(traces: traces))
                failed = failed || actions.contains { if case .failed = $0 { true } else { false } }
                console.say("\(summary.name):")
                for action in actions { console.say("  \(action)") }
            }
            for flow in flows {
                guard var tokens = try DaVinciTokens.named(flow.name, in: backend) else { continue }
                tokens.traces = traces
                console.say("\(TerminalText.line(flow.name)) (davinci):")
                failed = await tokens.signOff(console: console) != .signedIn || failed
            }
            return failed ? .serverOrNetwork : .signedIn
        } catch {
            console.say(console.styled("journey: \(CommandHint.message(for: error))", .red))
            return .serverOrNetwork
        }
    }
}
