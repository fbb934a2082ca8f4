import Foundation
import Orchestrate

/// Drives a `ResourceMachine` for one client instance: sends through the instance's client,
/// walks step-up and advice journeys with the instance's session (the caller answers their
/// steps), stores the session and tokens they bring, and reports each hop as it happens.
///
/// Nothing is stored before a step succeeds: a failed or cancelled step-up leaves the
/// instance's session and tokens as they were.
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
        var session = (try? instance.session(on: server)) ?? nil
        var tokens: OAuthTokens?
        if choice == .automatic, let oauth, let stored = try? instance.tokens(on: server, clientId: oauth.configuration.clientId) {
            tokens = try? await oauth.usableTokens(stored.tokens, ssoToken: session?.success.tokenId).tokens
            if let tokens, tokens != stored.tokens { try? instance.save(StoredTokens(tokens: tokens, endpoints: oauth.endpoints), on: server, clientId: oauth.configuration.clientId) }
        }
        let credential = ResourceCredential.presenting(tokens: tokens, session: session, server: server, to: call.url)
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
                    try? instance.save(upgraded, on: server)
                    session = upgraded
                }
                action = machine.journeyEnded(result, journey: journey.summary)
            case .renewTokens(let requirements):
                guard let oauth, let ssoToken = session?.success.tokenId else {
                    action = machine.tokensRenewed(.failure(.noSession), summary: "")
                    continue
                }
                do throws(OAuthError) {
                    let renewed = try await oauth.signIn(ssoToken: ssoToken, requirements: requirements)
                    try? instance.save(StoredTokens(tokens: renewed, endpoints: oauth.endpoints), on: server, clientId: oauth.configuration.clientId)
                    let before = tokens.map(AuthenticationStrength.init) ?? AuthenticationStrength()
                    tokens = renewed
                    action = machine.tokensRenewed(.success(renewed.accessToken), summary: AuthenticationStrength(renewed).changes(from: before))
                } catch {
                    action = machine.tokensRenewed(.failure(error), summary: "")
                }
            case .finished(let outcome):
                if enablesCookies { try? instance.save(await client.cookieJar, on: server) }
                return outcome
            }
        }
    }
}
