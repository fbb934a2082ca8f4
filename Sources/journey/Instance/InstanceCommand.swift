import ArgumentParser
import Foundation
import JourneyEngine
import Orchestrate

/// What the instance commands share: running with clear errors and exit codes, renewing
/// tokens with the SDKs' rules, printing tokens.
enum InstanceCommand {
    /// Opens the instance's stored session and runs the command with it; errors become a
    /// message and an exit status. `use` is what the command does with what the instance holds
    /// ("refresh"), for the message when it holds nothing.
    static func run(_ options: ConfigurationOptions, _ instance: InstanceOptions, _ trace: TraceOption, use: String = "use",
                    _ body: (InstanceSession, Console) async throws -> ExitStatus) async -> ExitStatus {
        let console = Console()
        do {
            let started = try await InstanceStart.start(options, instance: instance.instance, adding: trace.flags, use: use, console: console)
            let session = try InstanceSession.open(started, console: console, revealsSecrets: trace.traceSecrets)
            return try await body(session, console)
        } catch let error as ValidationError {
            console.say(console.styled("journey: \(error.message)", .red))
            return .usage
        } catch let problem as InstanceProblem {
            console.say(console.styled("journey: \(CommandHint.message(for: problem))", .red))
            return problem.status
        } catch let error as OAuthError {
            console.say(console.styled("journey: \(CommandHint.message(for: error))", .red))
            return .serverOrNetwork
        } catch {
            console.say(console.styled("journey: \(CommandHint.message(for: error))", .red))
            return .serverOrNetwork
        }
    }

    /// Usable tokens, stored again; when nothing can renew them the instance is signed out.
    /// The stored session is checked with AM (`cookieCache`) only when renewing may use it.
    static func renew(_ tokens: OAuthTokens?, with client: OAuthClient, session: InstanceSession) async throws
        -> (OAuthTokens, TokenRenewal) {
        var ssoToken = try session.session?.success.tokenId
        if ssoToken != nil, client.mayUseSession(tokens, ssoToken: ssoToken) {
            ssoToken = try await session.checkedSession()?.usable?.success.tokenId
        }
        let renewed: (OAuthTokens, TokenRenewal)
        do {
            // One renewal at a time per token store: another process may have just renewed
            // (and spent the refresh token this one read), so the store's tokens are used.
            renewed = try await session.instance.renewingTokens(on: session.server, clientId: client.configuration.clientId) { current in
                let outcome = try await client.usableTokens(current?.tokens ?? tokens, ssoToken: ssoToken)
                let keep = outcome.1 == .unchanged ? nil : StoredTokens(tokens: outcome.0, endpoints: client.endpoints)
                return (keep, outcome)
            }
        } catch let error as OAuthError {
            try session.instance.forget(on: session.server, clientId: client.configuration.clientId)
            throw InstanceProblem("The tokens could not be renewed (\(error.description)), so the instance is signed out. Sign in again with journey login.")
        }
        if renewed.1 != .unchanged { try await session.saveCookies() }
        return renewed
    }

    static func printTokens(_ tokens: OAuthTokens, claims: TokenClaims?, renewal: TokenRenewal, json: Bool, offersJSON: Bool = true,
                            console: Console) throws {
        let verified = claims.map { claims -> String in
            if case .unverified(let reason) = claims.trust { return "unverified: \(reason)" }
            return "verified"
        }
        if json {
            var object: JSONObject = [
                "access_token": .string(tokens.accessToken), "token_type": .string(tokens.tokenType),
                "expires_at": .string(ISO8601DateFormatter().string(from: tokens.expiresAt)),
                "renewal": .string("\(renewal)"),
            ]
            object["scope"] = tokens.scope.map(JSONValue.string)
            object["server_clock_offset"] = tokens.serverClock.flatMap { $0.isNotable ? .int(Int($0.offset)) : nil }
            object["refresh_token"] = tokens.refreshToken.map(JSONValue.string)
            object["id_token"] = tokens.idToken.map(JSONValue.string)
            object["id_token_claims"] = claims?.claims
            object["id_token_verified"] = claims.map { .bool($0.isVerified) }
            console.json(object)
            return
        }
        let expiry = ReadableDuration.until(tokens.expiresAt, from: Date())
        console.result("Access token   \(Redaction.token(tokens.accessToken)) (\(tokens.tokenType), \(expiry)\(renewal == .unchanged ? "" : ", \(renewal)"))")
        if let clock = tokens.serverClock, clock.isNotable {
            console.result("Clock          \(clock.description): expiry counts from expires_in on this machine's clock")
        }
        console.result("Refresh token  \(tokens.refreshToken.map(Redaction.token) ?? "none")")
        console.result("Scope          \(TerminalText.line(tokens.scope ?? "?"))")
        if let claims, let verified {
            console.result("ID token       \(verified)")
            let highlighted = ["sub", "auth_level", "amr", "acr", "aud", "iss", "exp", "auth_time"]
            for key in highlighted {
                if let value = claims.claims[key] { console.result("  \(key.padding(toLength: 12, withPad: " ", startingAt: 0)) \(ClaimText.display(value))") }
            }
        }
        console.say(offersJSON ? "(values hidden; --json prints them)" : "(values hidden)")
    }
}

