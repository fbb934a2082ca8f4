import Foundation
import JourneyEngine

extension PreparedCase {
    /// Where the case sends requests, as far as is known before it runs: AM's base URL and each
    /// endpoint (a profile may point one at another host), and the URL of `expect.request:`;
    /// for a DaVinci flow, its discovery endpoint (the endpoints the flow discovers are that
    /// server's answer). `journey load` checks each before it sends anything.
    public var destinations: [URL] {
        switch target {
        case .journey(_, let server, _):
            var urls = server.destinations
            if let text = test.expect.request?.url.render(in: scope), let url = URL(string: text) { urls.append(url) }
            return urls
        case .flow(let flow):
            return [flow.origin, flow.discoveryEndpoint]
        }
    }
}
