import Foundation
import Synchronization

/// Which recorded exchange answers a request, in recorded order.
///
/// A request is answered by the first recorded exchange it matches (same method, path, query
/// and body, redacted values matching anything) that has not answered yet, so a run recorded
/// twice, or a request sent twice (a retry), is answered in the order it was recorded. Once
/// every exchange it matches has answered, the replay starts over from the first, so the same
/// run can be replayed again.
final class ReplayLedger: Sendable {
    /// What the replay does with a request.
    enum Verdict: Sendable {
        case replay(RecordedExchange)
        /// Nothing recorded matches: the status (404: nothing to that method and path; 400: the
        /// recorded requests there differ) and what differed.
        case refuse(status: Int, reason: String)
    }

    let exchanges: [RecordedExchange]
    private let answered = Mutex<Set<Int>>([])

    init(_ exchanges: [RecordedExchange]) {
        self.exchanges = exchanges
    }

    func verdict(for request: ReceivedRequest) -> Verdict {
        let candidates = exchanges.indices.filter { exchanges[$0].method == request.method && exchanges[$0].path == request.path }
        guard !candidates.isEmpty else {
            return .refuse(status: 404, reason: "the HAR holds no \(request.method) to \(request.path) (it holds \(recordedRoutes))")
        }
        let differences = candidates.map { RequestDifference.between(request, exchanges[$0]) }
        let matching = candidates.indices.filter { differences[$0] == nil }.map { candidates[$0] }
        return answered.withLock { answered in
            if let next = matching.first(where: { !answered.contains($0) }) ?? matching.first {
                if answered.contains(next) { answered.removeAll() }
                answered.insert(next)
                return .replay(exchanges[next])
            }
            // The closest: differs deepest; of those, the next to answer in recorded order.
            let deepest = differences.compactMap { $0?.depth }.max()
            let closest = candidates.indices.filter { differences[$0]?.depth == deepest }
            let chosen = closest.first { !answered.contains(candidates[$0]) } ?? closest[0]
            let reason = differences[chosen]?.reason ?? ""
            return .refuse(status: 400, reason: "no recorded \(request.method) to \(request.path) matches; the closest (entry \(exchanges[candidates[chosen]].number)) differs: \(reason)")
        }
    }

    /// The methods and paths recorded, each once: `POST /am/json/realms/root/authenticate, …`.
    private var recordedRoutes: String {
        var routes: [String] = []
        for exchange in exchanges where !routes.contains("\(exchange.method) \(exchange.path)") {
            routes.append("\(exchange.method) \(exchange.path)")
        }
        return routes.joined(separator: ", ")
    }
}
