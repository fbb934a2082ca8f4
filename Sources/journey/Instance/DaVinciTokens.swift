import ArgumentParser
import DaVinci
import Foundation
import JourneyEngine
import Orchestrate

/// `journey token`, `userinfo` and `logout` for a DaVinci instance (one whose record is "davinci-profile-<instance>"
/// and which has no journey record): its stored tokens, refreshed under the token store's
/// renewal lock when they expire within the threshold (or on `--refresh`), revoked on
/// `--revoke`, over the TLS settings and to the environment the instance ran with. A refused
/// refresh (`invalid_grant`) signs the instance out: only the flow can mint new tokens.
struct DaVinciTokens {
    let instance: DaVinciInstance
    let record: DaVinciInstanceRecord
    var traces = false
    var revealsSecrets = false

    /// The DaVinci instance named `name` in the file stores, when it is one; nil for a journey
    /// instance (or none). Stores that cannot be read are said on `console` and end the command
    /// (exit 3): an unreadable DaVinci instance is never taken for a journey instance.
    static func stored(_ name: String, console: Console) throws(ExitCode) -> DaVinciTokens? {
        do {
            return try named(name, in: try FileRecordStore())
        } catch {
            console.say(console.styled("journey: the instance \(line: name)'s stores cannot be read: \(line: "\(error)")", .red))
            throw ExitStatus.serverOrNetwork.code
        }
    }

    /// The DaVinci instance named `name`, when it is one: a DaVinci record and no journey record.
    static func named(_ name: String, in backend: any RecordStore) throws(StoreError) -> DaVinciTokens? {
        guard try ClientInstance(name: name, backend: backend).profile() == nil,
              let record = try DaVinciInstance(name: name, stores: InstanceStores(instance: name), backend: backend).record() else { return nil }
        return DaVinciTokens(instance: try DaVinciInstance(name: name, stores: record.stores, backend: backend), record: record)
    }

    /// What a renewal did.
    private enum Renewed: Sendable {
        case tokens(StoredFlowTokens, TokenRenewal)
        case none
        case signedOut(OAuthError)
    }

    func run(refresh: Bool, revoke: Bool, json: Bool, console: Console) async -> ExitStatus {
        do {
            let configuration = try record.configuration()
            let client = DaVinciClient(configuration: configuration, transport: record.tls.transport(),
                                       logger: Console.wireLogger(traces: traces), revealsSecrets: revealsSecrets)
            if revoke {
                guard let stored = try instance.tokens(for: configuration) else { return noTokens(console) }
                try await client.oauth(stored.endpoints).revoke(stored.tokens)
                try instance.forget(for: configuration)
                console.say("Tokens revoked at PingOne and forgotten.")
                return .signedIn
            }
            switch try await renew(configuration: configuration, client: client, force: refresh) {
            case .none:
                return noTokens(console)
            case .signedOut(let error):
                return signedOut(error, console: console)
            case .tokens(let stored, let renewal):
                let claims = await stored.tokens.idToken.asyncMap { await client.oauth(stored.endpoints).verifyIDToken($0) }
                try InstanceCommand.printTokens(stored.tokens, claims: claims, renewal: renewal, json: json, console: console)
                return .signedIn
            }
        } catch {
            console.say(console.styled("journey: \(CommandHint.message(for: error))", .red))
            return error is StoreError || error is ConfigurationError ? .usage : .serverOrNetwork
        }
    }

    /// `journey userinfo`: PingOne's userinfo for the instance's access token (renewed first
    /// when it is about to expire).
    func userinfo(json: Bool, console: Console) async -> ExitStatus {
        await withUsableTokens(console: console) { stored, client in
            UserinfoCommand.print(try await client.oauth(stored.endpoints).userinfo(stored.tokens), json: json, console: console)
            return .signedIn
        }
    }

    /// `journey logout`: revokes the tokens and ends the PingOne session they came from (end
    /// session with the ID token, PingOne's cookies sent along), then forgets both, also when
    /// PingOne cannot be reached (and says so).
    func signOff(console: Console) async -> ExitStatus {
        do {
            let configuration = try record.configuration()
            let client = DaVinciClient(configuration: configuration, transport: record.tls.transport(),
                                       cookieJar: try instance.session(for: configuration) ?? CookieJar(),
                                       logger: Console.wireLogger(traces: traces), revealsSecrets: revealsSecrets)
            guard let stored = try instance.tokens(for: configuration) else { return noTokens(console) }
            try instance.forget(for: configuration)
            let problems = await client.signOff(stored)
            guard problems.isEmpty else {
                console.say(console.styled("Signed out here; PingOne was not told everything (\(problems.joined(separator: "; "))).", .yellow))
                return .serverOrNetwork
            }
            console.say("Signed out: the tokens were revoked and the PingOne session ended; the instance forgot both.")
            return .signedIn
        } catch {
            console.say(console.styled("journey: \(CommandHint.message(for: error))", .red))
            return .usage
        }
    }

    /// Runs `body` with tokens good for now (refreshed when about to expire, as `run` does).
    private func withUsableTokens(console: Console, _ body: (StoredFlowTokens, DaVinciClient) async throws -> ExitStatus) async -> ExitStatus {
        do {
            let configuration = try record.configuration()
            let client = DaVinciClient(configuration: configuration, transport: record.tls.transport(),
                                       logger: Console.wireLogger(traces: traces), revealsSecrets: revealsSecrets)
            let renewed = try await renew(configuration: configuration, client: client, force: false)
            switch renewed {
            case .none: return noTokens(console)
            case .signedOut(let error): return signedOut(error, console: console)
            case .tokens(let stored, _): return try await body(stored, client)
            }
        } catch {
            console.say(console.styled("journey: \(CommandHint.message(for: error))", .red))
            return error is StoreError || error is ConfigurationError ? .usage : .serverOrNetwork
        }
    }

    /// The stored tokens, refreshed under the renewal lock when `force` or about to expire.
    private func renew(configuration: DaVinciConfiguration, client: DaVinciClient, force: Bool) async throws -> Renewed {
        try await instance.renewingTokens(for: configuration) { current in
            guard var stored = current else { return (nil, Renewed.none) }
            guard force || stored.tokens.expires(withinSeconds: configuration.oauth.refreshThresholdSeconds, at: Date()) else {
                return (stored, .tokens(stored, .unchanged))
            }
            do throws(OAuthError) {
                stored.tokens = try await client.oauth(stored.endpoints).refresh(stored.tokens)
                return (stored, .tokens(stored, .refreshed))
            } catch {
                // Only PingOne's no ends the tokens; a network or certificate failure keeps them.
                guard case .server(error: "invalid_grant", _) = error else { throw error }
                return (nil, .signedOut(error))
            }
        }
    }

    private func signedOut(_ error: OAuthError, console: Console) -> ExitStatus {
        console.say(console.styled("journey: PingOne refused to renew the tokens (\(error.description)), so the instance is signed out. Sign on again with journey login.", .red))
        return .authenticationFailed
    }

    private func noTokens(_ console: Console) -> ExitStatus {
        console.say(console.styled("journey: The instance \"\(TerminalText.line(instance.name))\" holds no tokens. Sign on with journey login --profile …", .red))
        return .authenticationFailed
    }
}

extension Optional {
    /// The wrapped value transformed by an async function, or nil.
    func asyncMap<Mapped>(_ transform: (Wrapped) async -> Mapped) async -> Mapped? {
        guard let value = self else { return nil }
        return await transform(value)
    }
}
