import Foundation
import Orchestrate

/// Calls a protected API the way ForgeRock's SDKs do, one event at a time: send the request
/// with the instance's credential; read the answer (`ResourceChallenge.classify`); on a
/// challenge, step up or walk the advice journey at AM, get new tokens when the challenge asks
/// for them, and retry the request once. Like `JourneyMachine` it does no I/O: the driver
/// performs each action and reports back, so `journey request` and the request pane share it.
///
/// Every decision is recorded as a `ResourceHop` in `hops`, with what the client concluded and
/// what it does next. A failed step-up leaves the stored session and tokens as they were: the
/// driver stores new ones only when they arrive.
public struct ResourceMachine: Sendable {
    /// What the driver does next.
    public enum Action: Sendable, Hashable {
        /// Send this request to the resource and report with `received` or `failed`.
        case send(HTTPRequest)
        /// Walk this journey at AM with the instance's current session, then report with `journeyEnded`.
        case walk(JourneyRequest)
        /// Get new tokens from the (upgraded) session, then report with `tokensRenewed`.
        case renewTokens(TokenRequirements)
        /// The call is over.
        case finished(ResourceOutcome)
    }

    private enum Phase: Sendable, Hashable {
        case ready
        case sent(retry: Bool)
        /// Waiting for a journey; `renews` asks for new tokens after it, with these requirements.
        case walking(retry: HTTPRequest, renews: TokenRequirements?)
        case renewing(retry: HTTPRequest)
        case done
    }

    public let call: ResourceCall
    public private(set) var credential: ResourceCredential
    public private(set) var hops: [ResourceHop] = []
    /// The scopes the instance's OAuth client asks for (`oauthScope`).
    private let configuredScopes: [String]
    /// The journey that re-authenticates when a challenge names none (`authServiceName`).
    private let signInJourney: String
    private var phase = Phase.ready
    private var lastRequest: HTTPRequest?

    public init(call: ResourceCall, credential: ResourceCredential, configuredScopes: [String], signInJourney: String) {
        self.call = call
        self.credential = credential
        self.configuredScopes = configuredScopes
        self.signInJourney = signInJourney
    }

    /// The first request.
    public mutating func start() -> Action {
        let request = firstRequest()
        phase = .sent(retry: false)
        lastRequest = request
        return .send(request)
    }

    /// The resource's answer to the last request sent.
    public mutating func received(_ response: HTTPResponse) -> Action {
        guard case .sent(let isRetry) = phase, let request = lastRequest else { return .finished(.failed("an answer came that no request asked for", cause: nil)) }
        let title = "\(request.method) \(request.url.absoluteString)"
        let challenge = ResourceChallenge.classify(response, method: request.method)
        if case .none = challenge {
            hops.append(ResourceHop(kind: .exchange, title: title, request: request, response: response,
                                    conclusion: "\(response.status): \(Self.statusMeaning(response.status)); the resource asked nothing more.\(jarNote)"))
            return finish(.answered(response))
        }
        let reason = Self.describe(challenge, status: response.status)
        let plan: Plan
        if case .malformed = challenge {
            plan = Plan(next: "Stopped: nothing can be done with a challenge that cannot be read.", then: .finish(.challenged(challenge)))
        } else if isRetry {
            plan = Plan(next: "Stopped: a request is retried once only.", then: .finish(.challenged(challenge)))
        } else if !call.follows {
            plan = Plan(next: Self.refusedTransactionNote(challenge, request: request) ?? "Stopped: this call only shows a challenge, without acting on it.",
                        then: .finish(.challenged(challenge)))
        } else {
            plan = self.plan(for: challenge, request: request)
        }
        hops.append(ResourceHop(kind: .exchange, title: title, request: request, response: response,
                                conclusion: (isRetry ? "\(reason) This was the retry." : reason) + jarNote, next: plan.next))
        switch plan.then {
        case .finish(let outcome): return finish(outcome)
        case .walk(let journey, let retry, let renews):
            phase = .walking(retry: retry, renews: renews)
            return .walk(journey)
        case .renew(let retry, let requirements):
            phase = .renewing(retry: retry)
            return .renewTokens(requirements)
        }
    }

    /// The request could not be sent or answered.
    public mutating func failed(_ error: JourneyError) -> Action {
        let title = lastRequest.map { "\($0.method) \($0.url.absoluteString)" } ?? call.url.absoluteString
        hops.append(ResourceHop(kind: .exchange, title: title, request: lastRequest, conclusion: "No answer: \(error.description)"))
        return finish(.failed(error.description, cause: error))
    }

    /// How the journey of a `.walk` ended. On success the session (upgraded or new) is the
    /// instance's from now on; on failure nothing stored changes.
    public mutating func journeyEnded(_ result: Result<LoginSuccess, JourneyError>, journey: String) -> Action {
        guard case .walking(let retry, let renews) = phase else { return .finished(.failed("a journey ended that no challenge started", cause: nil)) }
        switch result {
        case .failure(let error):
            // A journey walked to confirm a transaction retries with its id: it confirmed nothing.
            let confirmsTransaction = Self.transactionID(of: retry) != nil
            hops.append(ResourceHop(kind: .journey, title: "journey \(journey)",
                                    conclusion: confirmsTransaction ? "The transaction was not confirmed: \(error.description)"
                                        : "It did not complete: \(error.description)",
                                    next: "Stopped: the session and tokens the instance had are kept."))
            let what = confirmsTransaction ? "The transaction confirmation failed" : "The step-up did not complete"
            return finish(.failed("\(what) (\(error.description)); the session and tokens the instance had are kept.", cause: error))
        case .success(let success):
            if case .session(let name, _) = credential, let token = success.tokenId { credential = .session(cookieName: name, ssoToken: token) }
            if let renews, case .bearer = credential {
                hops.append(ResourceHop(kind: .journey, title: "journey \(journey)", conclusion: "Completed: AM accepted the session.",
                                        next: "Get new tokens from the session\(Self.describe(renews)), then retry."))
                phase = .renewing(retry: retry)
                return .renewTokens(renews)
            }
            hops.append(ResourceHop(kind: .journey, title: "journey \(journey)", conclusion: "Completed: AM accepted the session.",
                                    next: "Retry the request once."))
            var request = retry
            // The session AM handed back (a step-up may issue a new one) goes with the retry.
            if let header = credential.header, case .session = credential { request.setHeader(header) }
            return send(request)
        }
    }

    /// New tokens for a `.renewTokens`; `summary` says what changed (claims before and after).
    public mutating func tokensRenewed(_ result: Result<String, OAuthError>, summary: String) -> Action {
        guard case .renewing(let retry) = phase else { return .finished(.failed("tokens arrived that no step-up asked for", cause: nil)) }
        switch result {
        case .failure(let error):
            hops.append(ResourceHop(kind: .tokens, title: "new tokens", conclusion: "AM gave none: \(error.description)",
                                    next: "Stopped: the tokens the instance had are kept."))
            return finish(.failed("No new tokens (\(error.description)); the tokens the instance had are kept.", cause: nil))
        case .success(let accessToken):
            credential = .bearer(accessToken: accessToken)
            hops.append(ResourceHop(kind: .tokens, title: "new tokens", conclusion: summary, next: "Retry the request once with the new access token."))
            var request = retry
            request.setHeader(HTTPHeader("Authorization", "Bearer \(accessToken)"))
            return send(request)
        }
    }

    // MARK: - Deciding

    /// What to do about a challenge, and how to say it.
    private struct Plan {
        enum Then {
            case finish(ResourceOutcome)
            case walk(JourneyRequest, retry: HTTPRequest, renews: TokenRequirements?)
            case renew(retry: HTTPRequest, TokenRequirements)
        }

        let next: String
        let then: Then
    }

    private func plan(for challenge: ResourceChallenge, request: HTTPRequest) -> Plan {
        if case .none = credential {
            return Plan(next: "Stopped: the instance holds no access token, and no session it may send to this server. Sign in first, with an OAuth client to call other servers.",
                        then: .finish(.challenged(challenge)))
        }
        switch challenge {
        case .stepUp(let bearer):
            let renews = credential.isBearer ? TokenRequirements(acrValues: bearer.acrValues, maxAge: bearer.maxAge) : nil
            if let acr = bearer.acrValues.first {
                return Plan(next: "Walk the journey \(TerminalText.line(acr)) with the current session (a step-up), then \(renews == nil ? "retry" : "get tokens that carry it and retry").",
                            then: .walk(JourneyRequest(.journey(acr)), retry: request, renews: renews))
            }
            return Plan(next: "Sign in again with \(signInJourney) (ForceAuth), then \(renews == nil ? "retry" : "get new tokens and retry").",
                        then: .walk(JourneyRequest(.journey(signInJourney), forceAuth: true), retry: request, renews: renews))
        case .insufficientScope(let bearer):
            let missing = bearer.scope.filter { !configuredScopes.contains($0) }
            guard credential.isBearer else {
                return Plan(next: "Stopped: the resource wants an access token with scope \(bearer.scope.map(TerminalText.line).joined(separator: " ")), and this call presented the SSO session. Call it with the instance's access token (an OAuth client whose oauthScope includes it).",
                            then: .finish(.challenged(challenge)))
            }
            guard missing.isEmpty else {
                return Plan(next: "Stopped: this instance's OAuth client asks only for \"\(configuredScopes.joined(separator: " "))\". Call it from an instance whose oauthScope includes \(missing.map(TerminalText.line).joined(separator: " ")) (the step-up preset's \"transactions\" instance).",
                            then: .finish(.challenged(challenge)))
            }
            return Plan(next: "Get new tokens (the instance's scope includes it), then retry.", then: .renew(retry: request, TokenRequirements()))
        case .invalidToken:
            guard credential.isBearer else {
                return Plan(next: "Stopped: the instance holds no access token. Sign in with an OAuth client.",
                            then: .finish(.challenged(challenge)))
            }
            return Plan(next: "Get new tokens from the session, then retry.", then: .renew(retry: request, TokenRequirements()))
        case .advice(let advice):
            let retry = advice.retrying(request)
            return Plan(next: "Walk AM's composite_advice journey with the current session, then retry once\(Self.retryNote(advice, retry: retry)).",
                        then: .walk(JourneyRequest(.compositeAdvice(advice.advice)), retry: retry, renews: nil))
        case .none, .malformed:
            return Plan(next: "", then: .finish(.challenged(challenge)))
        }
    }

    /// Says that the session went from the cookie jar, which the request shown does not carry.
    private var jarNote: String {
        guard case .sessionCookie(let name) = credential else { return "" }
        return " The session went as the cookie AM set (\(TerminalText.line(name)), from the instance's cookie jar)."
    }

    private mutating func send(_ request: HTTPRequest) -> Action {
        phase = .sent(retry: true)
        lastRequest = request
        return .send(request)
    }

    private mutating func finish(_ outcome: ResourceOutcome) -> Action {
        phase = .done
        return .finished(outcome)
    }

    private func firstRequest() -> HTTPRequest {
        var headers = call.headers
        if let header = credential.header { headers.append(header) }
        if call.asksForAdviceHeader { headers.append(GatewayHeaderAdvice.requestHeader) }
        return HTTPRequest(method: call.method, url: call.url, headers: headers, body: call.body, timeout: call.timeout)
    }
}

extension ResourceCredential {
    var isBearer: Bool { if case .bearer = self { true } else { false } }
}
