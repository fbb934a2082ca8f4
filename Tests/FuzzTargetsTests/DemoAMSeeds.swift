import DemoAM
import Foundation
import JourneyEngine
import Orchestrate
import Synchronization
import Testing

/// The demo AM's own answers over loopback, as seeds for the fuzz targets that read a server:
/// the first page of every demo journey, a sign-in to the end and a failed one (`step`), their
/// `Set-Cookie` lines (`set-cookie`), the resource server's and the gateway's challenges
/// (`www-authenticate`, `ig-header`), the gateway's redirect to AM (`ig-redirect`) and the advice
/// XML it carries (`advice-xml`, then its advice journey's page), and a policy decision
/// (`rest-advice`).
enum DemoAMSeeds {
    /// The captured answers by fuzz target name.
    static func capture() async throws -> [String: [Data]] {
        let demo = try await DemoAM.start(DemoAMConfiguration(port: 0))
        do {
            let seeds = try await capture(from: demo)
            await demo.stop()
            return seeds
        } catch {
            await demo.stop()
            throw error
        }
    }

    private struct FirstPageTaken: Error {}

    private static func capture(from demo: DemoAM) async throws -> [String: [Data]] {
        let exchanges = Mutex<[WireExchange]>([])
        let client = JourneyClient(server: try ServerConfiguration(url: demo.baseURL),
                                   wireTap: { exchange in exchanges.withLock { $0.append(exchange) } })
        for journey in DemoAM.journeys {
            _ = try? await client.walk(JourneyRequest(.journey(journey))) { _ in throw FirstPageTaken() }
        }
        _ = try? await client.walk(JourneyRequest(.journey("Login"))) { try answer($0, password: "wrong") }
        let token = try #require(try await client.walk(JourneyRequest(.journey("Login"))) { try answer($0, password: "Demo-pass1") }.tokenId)

        let root = try #require(URL(string: demo.baseURL)?.deletingLastPathComponent())
        let session = HTTPHeader("iPlanetDirectoryPro", token)
        let transfer = root.appending(path: "ig/transfer")
        _ = try? await client.send(request("GET", root.appending(path: "api/balance")))
        let redirect = try? await client.send(request("GET", transfer, [session]))
        _ = try? await client.send(request("GET", transfer, [session, HTTPHeader("x-authenticate-response", "header")]))
        let decision = #"{"application":"DemoTransactions","resources":["\#(transfer.absoluteString)"],"subject":{"ssoToken":"\#(token)"}}"#
        _ = try? await client.send(request("POST", try #require(URL(string: demo.baseURL + "/json/realms/root/policies?_action=evaluate")),
                                           [session, HTTPHeader("Accept-API-Version", "resource=2.1"), HTTPHeader("Content-Type", "application/json")],
                                           body: Data(decision.utf8)))
        if let location = redirect?.header("Location"), let advice = try? GatewayRedirectAdvice(location: location) {
            _ = try? await client.walk(JourneyRequest(.compositeAdvice(advice.advice))) { _ in throw FirstPageTaken() }
        }
        return seeds(from: exchanges.withLock { $0 })
    }

    /// Each exchange's parts, sorted to the targets that read them.
    private static func seeds(from exchanges: [WireExchange]) -> [String: [Data]] {
        var seeds: [String: [Data]] = [:]
        func add(_ target: String, _ text: String) { seeds[target, default: []].append(Data(text.utf8)) }
        for exchange in exchanges {
            guard let response = exchange.response else { continue }
            let path = exchange.request.url.path
            if path.hasSuffix("/authenticate") { seeds["step", default: []].append(response.body) }
            if path.hasSuffix("/policies") { seeds["rest-advice", default: []].append(response.body) }
            let cookies = response.headers(named: "Set-Cookie")
            if !cookies.isEmpty { add("set-cookie", cookies.joined(separator: "\n")) }
            for challenge in response.headers(named: "WWW-Authenticate") {
                add("www-authenticate", challenge)
                if challenge.hasPrefix("SSOADVICE") { add("ig-header", challenge) }
            }
            if let location = response.header("Location") {
                add("ig-redirect", location)
                if let advice = URLComponents(string: location)?.queryItems?.first(where: { $0.name == "authIndexValue" })?.value {
                    add("advice-xml", advice)
                }
            }
        }
        return seeds
    }

    private static func request(_ method: String, _ url: URL, _ headers: [HTTPHeader] = [], body: Data? = nil) -> HTTPRequest {
        HTTPRequest(method: method, url: url, headers: headers, body: body, timeout: .seconds(10))
    }

    /// The demo user's name and the given password, as `journey login --answer` would give them.
    private static func answer(_ step: JourneyStep, password: String) throws -> JourneyStep {
        var book = AnswerBook()
        try book.add("User Name=demo")
        try book.add("Password=\(password)")
        var answered = step
        for index in answered.callbacks.indices {
            if let text = book.value(for: answered.callbacks[index]) {
                try answered.callbacks[index].answer(AnswerParser.answer(text, for: answered.callbacks[index]))
            }
        }
        return answered
    }
}
