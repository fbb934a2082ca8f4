import Foundation
import Orchestrate

/// The last journey a client walked, read back from its exchanges (`--har`, the trace pane): the
/// journey's name, each page AM showed with the answers sent to it, and how it ended. Polling
/// pages (a wait, a push waiting for approval) are left out: whoever walks the journey again
/// waits on them by itself.
public struct RecordedJourney: Sendable {
    /// A page AM showed and the same page as it was sent back answered (nil when it was not).
    public struct Page: Sendable {
        public let shown: JourneyStep
        public let answered: JourneyStep?
    }

    public enum Ending: Sendable, Equatable {
        /// AM ended the journey with a session or a success URL.
        case success
        /// AM ended it with a 401 and this message.
        case failure(message: String?)
    }

    /// The journey started (`authIndexValue`), when the first request named one.
    public let journeyName: String?
    public let pages: [Page]
    /// Every step sent back answered, in order, whether or not its page's response was kept.
    public let answeredSteps: [JourneyStep]
    /// Nil when the journey had not ended (still under way, or a network or server error).
    public let ending: Ending?
    /// The journey started with a session signed in before it (a step-up or advice journey
    /// presents it): walked alone, it would start without one.
    public let presentsSession: Bool

    public init(exchanges: [WireExchange]) {
        let authenticate = exchanges.filter { $0.request.method == "POST" && $0.request.url.path.hasSuffix("/authenticate") }
        let start = authenticate.lastIndex { Self.step(in: $0.request.body) == nil } ?? 0
        let journey = authenticate[start...]
        journeyName = journey.first.flatMap { Self.journeyName(of: $0.request) }
        presentsSession = journey.first.map(Self.presentsSession) ?? false
        var pages: [Page] = []
        var ending: Ending?
        var answeredSteps: [JourneyStep] = []
        for exchange in journey {
            if let answered = Self.step(in: exchange.request.body) {
                answeredSteps.append(answered)
                if let last = pages.indices.last, pages[last].answered == nil {
                    pages[last] = Page(shown: pages[last].shown, answered: answered)
                }
            }
            guard let response = exchange.response, let body = try? JSONValue.parse(response.body) else { continue }
            if response.status == 401 {
                ending = .failure(message: body.objectValue?["message"]?.stringValue)
            } else if response.status == 200, let step = try? JourneyStep(json: body), !step.callbacks.isEmpty {
                guard step.pollingDelay == nil else { continue }
                pages.append(Page(shown: step, answered: nil))
            } else if response.status == 200, let object = body.objectValue,
                      object["tokenId"] != nil || object["successUrl"] != nil {
                ending = .success
            }
        }
        self.pages = pages
        self.answeredSteps = answeredSteps
        self.ending = ending
    }

    /// The answered step a request body sends back, if it sends one.
    static func step(in body: Data?) -> JourneyStep? {
        guard let body, let json = try? JSONValue.parse(body), let step = try? JourneyStep(json: json), !step.callbacks.isEmpty else {
            return nil
        }
        return step
    }

    /// Whether the request carries the server's SSO cookie, as a cookie or as the header named after it.
    private static func presentsSession(_ exchange: WireExchange) -> Bool {
        guard let name = exchange.rules.cookieName else { return false }
        return exchange.request.headers.contains { header in
            header.name.equalsIgnoringCase(name)
                || header.name.equalsIgnoringCase("Cookie")
                && header.value.split(separator: ";").contains { $0.trimmingSpaces().hasPrefix("\(name)=") }
        }
    }

    private static func journeyName(of request: HTTPRequest) -> String? {
        let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        guard items.contains(where: { $0.name == "authIndexType" && $0.value == "service" }) else { return nil }
        return items.first { $0.name == "authIndexValue" }?.value
    }
}
