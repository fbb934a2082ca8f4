import DaVinci
import Foundation
import JourneyEngine
import Orchestrate

/// `journey token` for a DaVinci instance (one whose record is "davinci-profile-<instance>"
/// and which has no journey record): its stored tokens, refreshed when they expire within the
/// threshold (or on `--refresh`), revoked on `--revoke`. A refused refresh signs the instance
/// out: a DaVinci session cannot mint tokens without running the flow again.
struct DaVinciTokens {
    let instance: DaVinciInstance
    let configuration: DaVinciConfiguration
    var transport: any HTTPTransport = AsyncHTTPTransport()
    var traces = false
    var revealsSecrets = false

    /// The DaVinci instance named `name`, when it is one: a DaVinci record and no journey record.
    static func named(_ name: String, in backend: any RecordStore) throws(StoreError) -> (DaVinciInstance, DaVinciInstanceRecord)? {
        guard try ClientInstance(name: name, backend: backend).profile() == nil,
              let record = try DaVinciInstance(name: name, stores: InstanceStores(instance: name), backend: backend).record() else { return nil }
        return (try DaVinciInstance(name: name, stores: record.stores, backend: backend), record)
    }

    func run(refresh: Bool, revoke: Bool, json: Bool, console: Console) async -> ExitStatus {
        let client = DaVinciClient(configuration: configuration, transport: transport, logger: Console.wireLogger(traces: traces),
                                   revealsSecrets: revealsSecrets)
        do {
            guard var stored = try instance.tokens(for: configuration) else {
                console.say(console.styled("journey: The instance \"\(TerminalText.line(instance.name))\" holds no tokens. Sign on with journey login --profile …", .red))
                return .authenticationFailed
            }
            let oauth = client.oauth(stored.endpoints)
            if revoke {
                try await oauth.revoke(stored.tokens)
                try instance.forget(for: configuration)
                console.say("Tokens revoked at PingOne and forgotten.")
                return .signedIn
            }
            var renewal = TokenRenewal.unchanged
            if refresh || stored.tokens.expires(withinSeconds: configuration.oauth.refreshThresholdSeconds, at: Date()) {
                do throws(OAuthError) {
                    stored.tokens = try await oauth.refresh(stored.tokens)
                    renewal = .refreshed
                } catch {
                    try instance.forget(for: configuration)
                    console.say(console.styled("journey: The tokens could not be renewed (\(error.description)), so the instance is signed out. Sign on again with journey login.", .red))
                    return .authenticationFailed
                }
                try instance.save(stored, for: configuration)
            }
            let claims = await stored.tokens.idToken.asyncMap { await oauth.verifyIDToken($0) }
            try InstanceCommand.printTokens(stored.tokens, claims: claims, renewal: renewal, json: json, console: console)
            return .signedIn
        } catch {
            console.say(console.styled("journey: \(error)", .red))
            return error is StoreError ? .usage : .serverOrNetwork
        }
    }
}

extension Optional {
    /// The wrapped value transformed by an async function, or nil.
    func asyncMap<Mapped>(_ transform: (Wrapped) async -> Mapped) async -> Mapped? {
        guard let value = self else { return nil }
        return await transform(value)
    }
}
