import Foundation
import JourneyEngine
import Orchestrate

/// A journey test's `expect.request:` alone, with the session and tokens an earlier run of the
/// case kept in the instance: what `journey load --sign-in once` repeats. The access token is
/// renewed first when it expires within the OAuth threshold (`oauthThreshold`), as the SDKs
/// renew it before a call, and that renewal is timed apart from the call.
public struct KeptSessionRequest: Sendable {
    /// What one call did.
    public struct Result: Sendable {
        /// The renewal's time, when the tokens were renewed (refreshed, or minted again from the
        /// session when the refresh was refused) or a renewal was tried and failed.
        public var renewal: Duration? = nil
        /// The call's time; nil when it was not made (no session kept, or the renewal failed).
        public var request: Duration? = nil
        /// The expectations not met: the renewal's failure, or the call's.
        public var failures: [TestFailure]
        /// How a renewal that failed ended (the server's refusal, no answer …); nil otherwise.
        public var renewalEnding: CaseEnding? = nil
    }

    public let prepared: PreparedCase

    public init(_ prepared: PreparedCase) {
        self.prepared = prepared
    }

    /// Renews the instance's tokens when due, then calls the API with them (or the session).
    public func run(client: JourneyClient, instance: ClientInstance) async -> Result {
        guard case .journey(_, _, let configuration) = prepared.target, let request = prepared.test.expect.request else {
            return Result(failures: [TestFailure(step: nil, expectation: "request", expected: "a journey test with request:", got: "none")])
        }
        let server = client.server
        let session: StoredSession?
        do {
            session = try instance.session(on: server)
        } catch {
            return Result(failures: [TestFailure(step: nil, expectation: "stores", expected: "the kept session read", got: "\(error)")])
        }
        guard let ssoToken = session?.success.tokenId else {
            return Result(failures: [TestFailure(step: nil, expectation: "outcome", expected: "a kept session", got: "none")])
        }
        let secrets = SecretValues()
        secrets.note(ssoToken)
        let oauth = configuration.map { OAuthClient(client: client, configuration: $0, endpoints: .standard(for: server)) }
        var renewal: Duration?
        let clock = ContinuousClock()
        if let oauth {
            let started = clock.now
            do {
                // Under the store's renewal lock, and kept there, as every renewal is.
                let how = try await instance.renewingTokens(on: server, clientId: oauth.configuration.clientId) { stored in
                    // Hidden before the renewal: a refusal may quote the request it answered.
                    [stored?.tokens.accessToken, stored?.tokens.refreshToken, stored?.tokens.idToken].compactMap { $0 }.forEach(secrets.note)
                    let (tokens, how) = try await oauth.usableTokens(stored?.tokens, ssoToken: ssoToken)
                    [tokens.accessToken, tokens.refreshToken, tokens.idToken].compactMap { $0 }.forEach(secrets.note)
                    return (keep: how == .unchanged ? nil : StoredTokens(tokens: tokens, endpoints: oauth.endpoints), result: how)
                }
                if how != .unchanged { renewal = clock.now - started }
            } catch let error as OAuthError {
                let failure = TestFailure(step: nil, expectation: "outcome", expected: "usable OAuth tokens", got: TerminalText.line(error.description))
                return Result(renewal: clock.now - started, failures: [failure.hiding(secrets)], renewalEnding: CaseEnding(error))
            } catch {
                let failure = TestFailure(step: nil, expectation: "stores", expected: "the renewed tokens kept", got: "\(error)")
                return Result(renewal: clock.now - started, failures: [failure.hiding(secrets)])
            }
        }
        let started = clock.now
        let checks = SignedInChecks(prepared: prepared, client: client, instance: instance, oauth: configuration, secrets: secrets)
        let failures = await checks.requestFailures(request, oauth: oauth)
        return Result(renewal: renewal, request: clock.now - started, failures: failures.map { $0.hiding(secrets) })
    }
}
