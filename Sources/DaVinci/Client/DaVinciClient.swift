import Foundation
import Logging
import Orchestrate

/// One DaVinci client instance's link to its PingOne environment: its configuration over a
/// `ClientConnection` of its own (its cookie jar, where PingOne keeps `ST` and `ST-NO-SS`), with
/// the flows' secrets hidden in traces. `walk(answer:)` runs a flow from the authorize request to
/// tokens; the OAuth client does the rest (refresh, revoke, userinfo, end session).
public struct DaVinciClient: Sendable {
    public let configuration: DaVinciConfiguration
    public let connection: ClientConnection

    public init(
        configuration: DaVinciConfiguration,
        transport: any HTTPTransport = AsyncHTTPTransport(),
        cookieJar: CookieJar = CookieJar(),
        logger: Logger = Logger(label: "journeyterm.wire"),
        revealsSecrets: Bool = false,
        wireTap: WireTap? = nil
    ) {
        self.configuration = configuration
        connection = ClientConnection(
            origin: configuration.origin,
            rules: RedactionRules(headers: Set(["interactionToken"] + configuration.extraHeaders.map(\.name)),
                                  queryParameters: Set(configuration.extraQueryParameters.map(\.name)), bodySecrets: [.davinciFlows]),
            extraHeaders: configuration.extraHeaders, extraQueryParameters: configuration.extraQueryParameters, transport: transport,
            cookieJar: cookieJar, logger: logger, revealsSecrets: revealsSecrets, wireTap: wireTap)
    }

    /// The environment's endpoints, from its discovery document.
    public func discover() async throws(DaVinciError) -> OAuthEndpoints {
        do throws(OAuthError) {
            return try await OAuthClient.discover(at: configuration.discoveryEndpoint, through: connection, timeout: configuration.timeout)
        } catch {
            throw Self.flowError(error)
        }
    }

    /// The OAuth client for these endpoints: code exchange, refresh, revoke, userinfo, end session.
    public func oauth(_ endpoints: OAuthEndpoints) -> OAuthClient {
        OAuthClient(connection: connection, timeout: configuration.timeout, configuration: configuration.oauth, endpoints: endpoints)
    }

    /// Sends one request of the flow.
    public func send(_ request: HTTPRequest) async throws(DaVinciError) -> HTTPResponse {
        do throws(TransportError) {
            return try await connection.send(request)
        } catch {
            throw DaVinciError(error)
        }
    }

    /// Exchanges the flow's code for tokens with the run's PKCE verifier and verifies the ID
    /// token with the run's nonce (``OAuthClient/mint(code:pkce:ssoToken:policy:now:)``): a
    /// replayed or forged ID token refuses the tokens, which are revoked.
    public func exchange(code: String, of flow: DaVinciFlow, policy: IDTokenPolicy = .keepUncheckable,
                         now: Date = Date()) async throws(DaVinciError) -> MintedTokens {
        do throws(OAuthError) {
            return try await oauth(flow.endpoints).mint(code: code, pkce: flow.pkce, ssoToken: nil, policy: policy, now: now)
        } catch {
            throw Self.flowError(error)
        }
    }

    /// The most forms one run shows before it stops: a flow that never ends (or answers that
    /// keep pressing "send a new code") ends as a failure instead.
    public static let mostForms = 50

    /// Runs a flow from its first form to verified tokens (``exchange(code:of:policy:now:)``). `answer` is called with every form and
    /// returns it filled in with the collector pressed (nil: the default button), or nil to
    /// abandon the flow (`DaVinciError.cancelled`). A polling form is not answered: the run
    /// waits and polls (``poll(_:flow:progress:)``), telling `polling` before each wait. A social
    /// sign-on button pressed hands the flow to `browser` (``DaVinciBrowserStep``, with the
    /// flow's cookies), which returns the continue token the browser came back with; without
    /// `browser` the flow stops there. `resuming` goes on from a browser step kept by an earlier
    /// run, with its continue token.
    nonisolated(nonsending) public func walk(
        _ endpoints: OAuthEndpoints,
        resuming kept: (step: DaVinciBrowserStep, continueToken: String)? = nil,
        answer: (DaVinciStep) async throws -> (step: DaVinciStep, pressing: Int?)?,
        browser: ((DaVinciBrowserStep) async throws -> String)? = nil,
        polling: (DaVinciStep, PollProgress) async -> Void = { _, _ in }
    ) async throws -> (minted: MintedTokens, flow: DaVinciFlow) {
        var flow = DaVinciFlow(configuration: configuration, endpoints: endpoints, pkce: kept?.step.pkce ?? .generate())
        var request = try kept.map { try $0.step.resumption(with: $0.continueToken, origin: endpoints.authorize, timeout: configuration.timeout) }
            ?? flow.start()
        var forms = 0
        while true {
            switch flow.received(try await send(request)) {
            case .present(let step):
                // The polls of one polling form count once; their number is bounded by its retries.
                if step.polling == nil || flow.polls == 0 { forms += 1 }
                guard forms <= Self.mostForms else {
                    throw DaVinciError.failed(message: "the flow showed \(Self.mostForms) forms without ending; it was stopped")
                }
                if step.polling != nil {
                    request = try await poll(step, flow: &flow) { await polling(step, $0) }
                    continue
                }
                guard let answered = try await answer(step) else { throw DaVinciError.cancelled }
                if let pressed = answered.pressing, case .socialLogin = answered.step.collectors[pressed].kind {
                    guard let left = DaVinciBrowserStep(step: answered.step, pressing: pressed, pkce: flow.pkce) else {
                        throw DaVinciError.malformed(status: 200, problem: "its sign-on button has no address to open, or the form no continue link", excerpt: "")
                    }
                    guard let browser else { throw DaVinciError.failed(message: "signing in with \(TerminalText.line(left.provider)) goes on in a browser") }
                    let token = try await browser(left.with(cookies: await connection.cookieJar))
                    request = try left.resumption(with: token, origin: endpoints.authorize, timeout: configuration.timeout)
                    continue
                }
                request = flow.submission(answered.step, pressing: answered.pressing)
            case .send(let automatic):
                request = automatic
            case .exchange(let code):
                return (try await exchange(code: code, of: flow), flow)
            case .failed(let error):
                throw error
            }
        }
    }

    static func flowError(_ error: OAuthError) -> DaVinciError {
        if case .transport(let failure) = error { return DaVinciError(failure) }
        return .oauth(error)
    }
}
