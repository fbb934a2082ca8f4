import Foundation
import Orchestrate

/// One run of a DaVinci flow as a value: the requests to send and what each answer means. It
/// does no I/O, so its tests are scripts; `DaVinciClient` sends what it asks for.
public struct DaVinciFlow: Sendable, Hashable {
    public let configuration: DaVinciConfiguration
    public let endpoints: OAuthEndpoints
    /// The verifier, `state` and `nonce` of this run's authorize request.
    public let pkce: PKCE
    /// The form on screen (as last answered), kept so a refused answer shows it again with the
    /// messages and the values typed.
    public private(set) var current: DaVinciStep?
    /// How many polls the polling form on screen has had (`pollSubmission`); a form without
    /// a POLLING collector starts the count again.
    public private(set) var polls = 0
    /// How many times the polling form on screen has asked its challenge's status.
    public internal(set) var challengeAsks = 0
    /// How many replies without a form were answered on the flow's behalf in a row.
    private var formlessReplies = 0

    /// The most replies without a form answered in a row before the flow is stopped: a server
    /// that never sends one would otherwise be asked for ever.
    public static let mostFormlessReplies = 10

    public init(configuration: DaVinciConfiguration, endpoints: OAuthEndpoints, pkce: PKCE = .generate()) {
        self.configuration = configuration
        self.endpoints = endpoints
        self.pkce = pkce
    }

    /// What to do next.
    public enum Action: Sendable, Hashable {
        case present(DaVinciStep)
        /// Send this on the flow's behalf: the answer to a reply with a `next` link but no
        /// form, which the SDKs read as a continue node without collectors (submitted empty).
        case send(HTTPRequest)
        /// Exchange this code (its `state` checked) for tokens with the PKCE verifier.
        case exchange(code: String)
        case failed(DaVinciError)
    }

    /// The OIDC authorize request with `response_mode=pi.flow`: PingOne answers with the
    /// flow's first form as JSON instead of redirecting.
    public func start() -> HTTPRequest {
        var url = endpoints.authorize
        url.append(queryItems: [
            URLQueryItem(name: "response_mode", value: "pi.flow"),
            URLQueryItem(name: "client_id", value: configuration.oauth.clientId),
            URLQueryItem(name: "response_type", value: "code"),
            URLQueryItem(name: "scope", value: configuration.oauth.scope),
            URLQueryItem(name: "redirect_uri", value: configuration.oauth.redirectURI),
            URLQueryItem(name: "code_challenge", value: pkce.challenge),
            URLQueryItem(name: "code_challenge_method", value: "S256"),
            URLQueryItem(name: "state", value: pkce.state),
            URLQueryItem(name: "nonce", value: pkce.nonce),
        ])
        if !configuration.acrValues.isEmpty {
            url.append(queryItems: [URLQueryItem(name: "acr_values", value: configuration.acrValues.joined(separator: " "))])
        }
        return HTTPRequest(method: "GET", url: url, headers: Self.headers, body: nil, timeout: configuration.timeout)
    }

    /// The answer to `step`, pressing the collector at `pressed` (nil: the default button). The
    /// answered step is kept: a refused answer shows it again with the person's values.
    public mutating func submission(_ step: DaVinciStep, pressing pressed: Int?) -> HTTPRequest {
        request(answering: step, pressing: pressed ?? step.defaultButton)
    }

    /// A poll of the polling form `step`: the form submitted with `eventType` "polling" and the
    /// POLLING collector's `value` (`continue`, `timedOut`, or the challenge's status), no button.
    public mutating func pollSubmission(_ step: DaVinciStep, value: String) -> HTTPRequest {
        polls += 1
        return request(answering: step.polled(value), pressing: nil)
    }

    private mutating func request(answering step: DaVinciStep, pressing pressed: Int?) -> HTTPRequest {
        current = step
        var headers = Self.headers + [HTTPHeader("Content-Type", "application/json")]
        if let token = step.interactionToken { headers.append(HTTPHeader("interactionToken", token)) }
        if let interactionId = step.interactionId { headers.append(HTTPHeader("interactionId", interactionId)) }
        return HTTPRequest(method: "POST", url: step.next, headers: headers, body: step.answer(pressing: pressed).encoded(),
                           timeout: configuration.timeout, secretBodyFields: step.secretKeys)
    }

    /// What PingOne's answer means: a form, a refused answer (the form again, with messages),
    /// the code, or the end.
    public mutating func received(_ response: HTTPResponse) -> Action {
        switch DaVinciOutcome(response) {
        case .step(let step):
            // The answer carries the password and the interaction's token: it goes only to the
            // server the flow started at.
            guard ClientConnection.isSameOrigin(step.next, as: endpoints.authorize) else {
                current = nil
                return .failed(.malformed(status: response.status, problem: "its next link goes to another server (\(TerminalText.line(step.next.host() ?? "?"))), where the answers are not sent",
                                          excerpt: ""))
            }
            if step.continuesByItself {
                formlessReplies += 1
                guard formlessReplies <= Self.mostFormlessReplies else {
                    current = nil
                    return .failed(.failed(message: "PingOne sent \(Self.mostFormlessReplies) replies in a row without a form; the flow was stopped"))
                }
                return .send(submission(step, pressing: nil))
            }
            formlessReplies = 0
            if step.polling == nil || current?.polling == nil { (polls, challengeAsks) = (0, 0) }
            current = step
            return .present(step)
        case .rewind:
            // The form last shown stands, as it was (a polling form polls on).
            guard var step = current else {
                return .failed(.malformed(status: response.status, problem: "it rewinds to a form before any was shown", excerpt: ""))
            }
            step.fieldMessages = [:]
            step.formMessage = nil
            current = step
            return .present(step)
        case .refused(let message, let fieldMessages, let unsatisfied):
            guard var step = current else { return .failed(.failed(message: message)) }
            step.fieldMessages = fieldMessages
            step.explain(unsatisfied)
            for index in step.collectors.indices where step.collectors[index].kind.clearsOnRefusal {
                step.collectors[index].value = step.collectors[index].kind.initialValue(nil)
            }
            step.formMessage = message.isEmpty ? nil : message
            current = step
            return .present(step)
        case .authorized(let code, let state):
            current = nil
            guard state == pkce.state else { return .failed(.stateMismatch) }
            return .exchange(code: code)
        case .failure(let error):
            current = nil
            return .failed(error)
        }
    }

    /// Sent with every request, as the SDKs send them.
    static let headers = [
        HTTPHeader("Accept", "application/json"),
        HTTPHeader("x-requested-with", "ping-sdk"),
        HTTPHeader("x-requested-platform", "journeyterm"),
    ]
}
