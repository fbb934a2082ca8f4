import Foundation
import Orchestrate

/// Drives a `ResourceMachine` for one client instance: sends through the instance's client,
/// walks step-up and advice journeys with the instance's session (the caller answers their
/// steps), stores the session and tokens they bring, and reports each hop as it happens.
///
/// Nothing is stored before a step succeeds: a failed or cancelled step-up leaves the
/// instance's session and tokens as they were. The step-up's tokens come from the
/// ``SignInService``: kept only when their ID token verified or could not be checked, and
/// refused (revoked, the old tokens kept) when it checks out wrong, a replayed nonce above all.
public struct ResourceRunner: Sendable {
    /// Walks a journey, answering its steps (prompts, `--answer`s or a form), to its end.
    public typealias JourneyWalker = (JourneyRequest) async -> Result<LoginSuccess, JourneyError>

    public let instance: ClientInstance
    public let client: JourneyClient
    /// The instance's OAuth client; nil calls with the SSO session only.
    public let oauth: OAuthClient?
    public let signInJourney: String
    /// `enableCookie`: the cookies AM set during the call are kept in the instance's cookie store.
    public let enablesCookies: Bool

    public init(instance: ClientInstance, client: JourneyClient, oauth: OAuthClient?, signInJourney: String, enablesCookies: Bool = true) {
        self.instance = instance
        self.client = client
        self.oauth = oauth
        self.signInJourney = signInJourney
        self.enablesCookies = enablesCookies
    }

    /// What a call may present, read from the instance's stores.
    public enum CredentialChoice: Sendable, Hashable {
        /// The access token (renewed first when due), else the session.
        case automatic
        /// The SSO session as AM's cookie, for resources AM protects.
        case session
    }

    /// Calls the resource; `report` sees every hop as soon as it is known.
    nonisolated(nonsending) public func run(_ call: ResourceCall, presenting choice: CredentialChoice = .automatic,
                                            walk: JourneyWalker, report: (ResourceHop) -> Void) async -> ResourceOutcome {
        let server = client.server
        var session = storing("The session could not be read from the instance's stores", report: report) {
            try instance.session(on: server)
        } ?? nil
        var tokens: OAuthTokens?
        if choice == .automatic, let oauth, let stored = storing("The tokens could not be read from the instance's stores", report: report, {
            try instance.tokens(on: server, clientId: oauth.configuration.clientId)
        }) ?? nil {
            tokens = try? await oauth.usableTokens(stored.tokens, ssoToken: session?.success.tokenId).tokens
            if let tokens, tokens != stored.tokens {
                storing("The renewed tokens could not be written to the instance's stores, so only this call uses them", report: report) {
                    try instance.save(StoredTokens(tokens: tokens, endpoints: oauth.endpoints), on: server, clientId: oauth.configuration.clientId)
                }
            }
        }
        let credential = ResourceCredential.presenting(tokens: tokens, session: session, server: server, to: call.url,
                                                       cookies: await client.cookieJar)
        var machine = ResourceMachine(call: call, credential: credential,
                                      configuredScopes: oauth?.configuration.scopes ?? [], signInJourney: signInJourney)
        var reported = 0
        var action = machine.start()
        while true {
            for hop in machine.hops.dropFirst(reported) { report(hop) }
            reported = machine.hops.count
            switch action {
            case .send(let request):
                do {
                    action = machine.received(try await client.send(request))
                } catch {
                    action = machine.failed(error)
                }
            case .walk(var journey):
                journey.presentedSession = session?.success.tokenId
                let result = await walk(journey)
                if case .success(let success) = result, success.tokenId != nil {
                    let upgraded = StoredSession(success: success, userName: session?.userName)
                    storing("The stepped-up session could not be written to the instance's stores, so only this call uses it", report: report) {
                        try instance.save(upgraded, on: server)
                    }
                    session = upgraded
                }
                action = machine.journeyEnded(result, journey: journey.summary)
            case .renewTokens(let requirements):
                guard let oauth, let ssoToken = session?.success.tokenId else {
                    action = machine.tokensRenewed(.failure(.noSession), summary: "")
                    continue
                }
                let signIn = SignInService(instance: instance, server: server, oauth: oauth)
                do throws(OAuthError) {
                    let renewed = try await signIn.mint(for: ssoToken, requirements: requirements)
                    var summary = AuthenticationStrength(renewed.tokens).changes(from: tokens.map(AuthenticationStrength.init) ?? AuthenticationStrength())
                    if let problem = renewed.claims?.problem { summary += "; their ID token is not verified: \(problem)" }
                    do throws(SignInError) {
                        try await signIn.keep(renewed.tokens)
                    } catch {
                        switch error {
                        case .oauth(let refusal): throw refusal
                        case .notKept(let problem):
                            // Minted and verified: this call still uses them, and says they were not kept.
                            summary += "; they could not be kept, so only this call uses them: \(problem.description)"
                        }
                    }
                    tokens = renewed.tokens
                    action = machine.tokensRenewed(.success(renewed.tokens.accessToken), summary: summary)
                } catch {
                    action = machine.tokensRenewed(.failure(error), summary: "")
                }
            case .finished(let outcome):
                if enablesCookies {
                    let jar = await client.cookieJar
                    storing("The cookies AM set could not be written to the instance's stores", report: report) { try instance.save(jar, on: server) }
                }
                return outcome
            }
        }
    }

    /// Reads or writes the instance's stores; a failure is reported as a hop of its own (the call
    /// goes on without what it could not read or keep), never dropped.
    @discardableResult
    private func storing<T>(_ what: String, report: (ResourceHop) -> Void, _ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch {
            report(ResourceHop(kind: .stores, title: "the instance's stores", conclusion: "\(what): \(error)"))
            return nil
        }
    }
}
