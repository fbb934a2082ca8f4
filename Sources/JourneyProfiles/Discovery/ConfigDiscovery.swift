import Foundation
import JourneyEngine
import Orchestrate

/// Fills a profile from a running AM, in three requests through the engine's client: the
/// realm's discovery document (the OAuth endpoints, and the realm from the issuer), AM's
/// `serverinfo/*` (the SSO cookie's name) and a first `/authenticate` call (AM answers with a
/// step, or with a 401: either shows the journey endpoint works). A failed request is reported
/// with its URL and the options to set by hand; the others still run.
public struct ConfigDiscovery: Sendable {
    /// Makes the client each request goes through (the caller's transport and trace logger).
    public typealias ClientMaker = @Sendable (ServerConfiguration) -> JourneyClient

    public let target: DiscoveryTarget
    private let makeClient: ClientMaker
    private let timeout: Duration

    public init(target: DiscoveryTarget, transport: any HTTPTransport = AsyncHTTPTransport(),
                timeout: Duration = ServerConfiguration.defaultTimeout) {
        self.init(target: target, timeout: timeout) { JourneyClient(server: $0, transport: transport) }
    }

    public init(target: DiscoveryTarget, timeout: Duration = ServerConfiguration.defaultTimeout, makeClient: @escaping ClientMaker) {
        self.target = target
        self.makeClient = makeClient
        self.timeout = timeout
    }

    public func run() async -> DiscoveryReport {
        var server = target.server
        server.timeout = timeout
        var report = DiscoveryReport()
        report.checks.append(await discover(into: &report, server: &server))
        report.checks.append(await readServerInfo(into: &report, server: &server))
        report.checks.append(await probeAuthenticate(server))
        report.values[.url] = .text(target.deploymentURL)
        report.values[.realm] = .text(server.realm.optionText)
        return report
    }

    private func discover(into report: inout DiscoveryReport, server: inout ServerConfiguration) async -> DiscoveryCheck {
        let url = target.discoveryURL
        let options: [OptionKey] = [.authorizeEndpoint, .tokenEndpoint, .userinfoEndpoint, .revokeEndpoint, .endSessionEndpoint]
        do throws(Failure) {
            let json = try await getJSON(url, headers: [], server: server)
            guard let document = DiscoveryDocument(json) else {
                throw Failure("the document lacks one of authorization_endpoint, token_endpoint, userinfo_endpoint, revocation_endpoint, end_session_endpoint, jwks_uri")
            }
            for (key, endpoint) in document.endpoints { report.values[key] = .text(endpoint) }
            if let realm = document.issuerRealm { server.realm = realm }
            return DiscoveryCheck(step: .discovery, url: url, found: "issuer \(document.issuer)", failure: nil, options: options)
        } catch {
            return DiscoveryCheck(step: .discovery, url: url, found: nil, failure: error.reason, options: options)
        }
    }

    private func readServerInfo(into report: inout DiscoveryReport, server: inout ServerConfiguration) async -> DiscoveryCheck {
        let url = server.jsonEndpoint("serverinfo/*")
        do throws(Failure) {
            let json = try await getJSON(url, headers: [HTTPHeader("Accept-API-Version", "resource=1.1")], server: server)
            guard let name = json["cookieName"]?.stringValue, !name.isEmpty else { throw Failure("the answer has no cookieName") }
            report.values[.cookieName] = .text(name)
            server.cookieName = name
            return DiscoveryCheck(step: .serverInfo, url: url, found: "cookieName \(name)", failure: nil, options: [.cookieName])
        } catch {
            return DiscoveryCheck(step: .serverInfo, url: url, found: nil, failure: error.reason, options: [.cookieName])
        }
    }

    private func probeAuthenticate(_ server: ServerConfiguration) async -> DiscoveryCheck {
        var machine = JourneyMachine(server: server, request: JourneyRequest(.journey(nil)))
        let options: [OptionKey] = [.url, .realm, .authenticateEndpoint]
        guard case .send(let request)? = machine.start().first else {
            return DiscoveryCheck(step: .authenticate, url: server.authenticateURL, found: nil, failure: "no request to send", options: options)
        }
        let response: HTTPResponse
        do throws(JourneyError) {
            response = try await makeClient(server).send(request)
        } catch {
            return DiscoveryCheck(step: .authenticate, url: request.url, found: nil, failure: error.description, options: options)
        }
        switch AuthenticateOutcome(response) {
        case .step:
            return DiscoveryCheck(step: .authenticate, url: request.url, found: "HTTP \(response.status): a journey's first step", failure: nil, options: options)
        case .success:
            return DiscoveryCheck(step: .authenticate, url: request.url, found: "HTTP \(response.status): a session", failure: nil, options: options)
        case .failure where response.status == 401:
            return DiscoveryCheck(step: .authenticate, url: request.url, found: "HTTP 401: AM answers (the journey wants credentials)", failure: nil, options: options)
        case .failure(let error):
            return DiscoveryCheck(step: .authenticate, url: request.url, found: nil, failure: error.description, options: options)
        }
    }

    /// A GET whose 2xx answer is a JSON object.
    private func getJSON(_ url: URL, headers: [HTTPHeader], server: ServerConfiguration) async throws(Failure) -> JSONValue {
        let request = HTTPRequest(method: "GET", url: url, headers: headers + [HTTPHeader("Accept", "application/json")],
                                  body: nil, timeout: server.timeout)
        let response: HTTPResponse
        do throws(JourneyError) {
            response = try await makeClient(server).send(request)
        } catch {
            throw Failure(error.description)
        }
        let excerpt = TerminalText.line(String(decoding: response.body.prefix(120), as: UTF8.self))
        guard (200..<300).contains(response.status) else {
            throw Failure("HTTP \(response.status)" + (excerpt.isEmpty ? "" : ": \(excerpt)"))
        }
        guard let json = try? JSONValue.parse(response.body), json.objectValue != nil else {
            throw Failure("the answer (HTTP \(response.status)) is not a JSON object" + (excerpt.isEmpty ? "" : ": \(excerpt)"))
        }
        return json
    }

    private struct Failure: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
