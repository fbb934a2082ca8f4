import Foundation
import JourneyEngine
import JourneyProfiles
import Orchestrate

/// After a journey: keeps the session and cookies in the instance's stores, replaces an older
/// session the SDKs' way (logs it out and revokes the tokens it minted), and fetches OAuth
/// tokens when an OAuth client was given.
struct LoginRecorder {
    let instance: ClientInstance
    /// The options the instance started with (already recorded by `InstanceStart`).
    let options: ClientOptions
    let profileName: String?
    let oauth: OAuthConfiguration?
    let strict: Bool
    /// Read the endpoints from discovery rather than AM's standard paths.
    let discovers: Bool

    /// nil when all went well; otherwise the exit status, after saying what went wrong.
    func record(_ success: LoginSuccess, userName: String?, client: JourneyClient, console: Console) async -> ExitStatus? {
        let server = client.server
        guard let tokenId = success.tokenId else {
            console.say("ℹ No session was created (noSession), so nothing is stored.")
            return nil
        }
        do {
            // One sign-in at a time per session store: concurrent logins each displace (and log
            // out) the one before, and none loses its tokens to the next.
            return try await instance.keepingNewSession(on: server) { previous in
                if let oldToken = previous?.success.tokenId, oldToken != tokenId {
                    await replace(oldToken, server: server, console: console)
                }
                try instance.save(StoredSession(success: success, userName: userName), on: server)
                if options.enableCookie { try instance.save(await client.cookieJar, on: server) }
                guard let oauth else { return nil }
                return await fetchTokens(ssoToken: tokenId, configuration: oauth, client: client, console: console)
            }
        } catch {
            console.say(console.styled("journey: the session could not be stored: \(error)", .red))
            return .serverOrNetwork
        }
    }

    /// The SDK rule for a new session: the old one is logged out at AM and the tokens minted
    /// from it are revoked.
    private func replace(_ oldToken: String, server: ServerConfiguration, console: Console) async {
        // Through the transport the options' TLS settings call for (pins, extra roots, insecure).
        let other = JourneyClient(server: server, transport: HTTPTransports.make(for: options),
                                  logger: Console.wireLogger(traces: options.logLevel == .trace))
        await SignInService.endReplacedSession(oldToken, of: instance, on: server, through: other, oauth: oauth)
        console.say("ℹ The instance's previous session was logged out at AM and its tokens revoked.")
    }

    /// Mints tokens for the new session and keeps them (`SignInService`). An ID token that
    /// checks out wrong (a replayed nonce, a forged signature) refuses the tokens; one that
    /// could not be checked is a warning, and with `--strict` refuses them too.
    private func fetchTokens(ssoToken: String, configuration: OAuthConfiguration, client: JourneyClient,
                             console: Console) async -> ExitStatus? {
        do throws(SignInError) {
            let endpoints: OAuthEndpoints
            do throws(OAuthError) {
                endpoints = discovers ? try await OAuthClient.discover(with: client) : .standard(for: client.server)
            } catch {
                throw .oauth(error)
            }
            let signIn = SignInService(instance: instance, server: client.server,
                                       oauth: OAuthClient(client: client, configuration: configuration, endpoints: endpoints),
                                       policy: strict ? .verifiedOnly : .keepUncheckable)
            let minted = try await signIn.fetchTokens(for: ssoToken)
            if let problem = minted.claims?.problem {
                console.say(console.styled("⚠ The ID token is not verified: \(problem) (--strict refuses such tokens).", .yellow))
            }
        } catch {
            var hint = ""
            if case .oauth(.idTokenRefused(let problem)) = error, !problem.isEvidenceAgainstToken {
                hint = " (--strict keeps only tokens whose ID token verified)"
            }
            console.say(console.styled("journey: signed in, but no OAuth tokens: \(error.description)\(hint)", .red))
            return .serverOrNetwork
        }
        console.say("ℹ OAuth tokens stored for instance \"\(instance.name)\" (journey token --instance \(instance.name)).")
        return nil
    }
}
