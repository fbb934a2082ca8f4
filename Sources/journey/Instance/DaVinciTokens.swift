import DaVinci
import Foundation
import JourneyEngine
import Orchestrate

/// `journey token` for a DaVinci instance (one whose record is "davinci-profile-<instance>"
/// and which has no journey record): its stored tokens, refreshed under the token store's
/// renewal lock when they expire within the threshold (or on `--refresh`), revoked on
/// `--revoke`, over the TLS settings and to the environment the instance ran with. A refused
/// refresh (`invalid_grant`) signs the instance out: only the flow can mint new tokens.
struct DaVinciTokens {
    let instance: DaVinciInstance
    let record: DaVinciInstanceRecord
    var traces = false
    var revealsSecrets = false

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
            let renewed: Renewed = try await instance.renewingTokens(for: configuration) { current in
                guard var stored = current else { return (nil, Renewed.none) }
                guard refresh || stored.tokens.expires(withinSeconds: configuration.oauth.refreshThresholdSeconds, at: Date()) else {
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
            switch renewed {
            case .none:
                return noTokens(console)
            case .signedOut(let error):
                console.say(console.styled("journey: PingOne refused to renew the tokens (\(error.description)), so the instance is signed out. Sign on again with journey login.", .red))
                return .authenticationFailed
            case .tokens(let stored, let renewal):
                let claims = await stored.tokens.idToken.asyncMap { await client.oauth(stored.endpoints).verifyIDToken($0) }
                try InstanceCommand.printTokens(stored.tokens, claims: claims, renewal: renewal, json: json, console: console)
                return .signedIn
            }
        } catch {
            console.say(console.styled("journey: \(error)", .red))
            return error is StoreError || error is ConfigurationError ? .usage : .serverOrNetwork
        }
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
