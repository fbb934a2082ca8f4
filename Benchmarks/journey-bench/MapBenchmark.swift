import Foundation
import JourneyMaps

/// `journey-bench map`: how long drawing a journey's map takes, for a made-up journey of
/// 50 nodes shaped like a long registration (pages, decisions, retries, ends on most branches)
/// and, with `--map-journeys PATH`, for every journey read there.
func benchmarkMaps(journeysAt path: String?) {
    var journeys = [madeUpJourney(nodes: 50)]
    if let path { journeys += JourneyCatalog.read(paths: [path]).journeys }
    let clock = ContinuousClock()
    for journey in journeys.sorted(by: { $0.nodes.count > $1.nodes.count }).prefix(5) {
        var times: [Duration] = []
        var cells = 0
        for _ in 0..<30 {
            let started = clock.now
            let canvas = MapDrawing.canvas(journey, width: 200)
            times.append(clock.now - started)
            cells = canvas.size.width * canvas.size.height
        }
        times.sort()
        let mermaid = clock.measure { _ = MapFormat.mermaid.render(journey) }
        print("map: \(journey.name), \(journey.nodes.count) nodes: drawn in median \(format(times[15].inMilliseconds, 2)) ms, worst \(format(times.last!.inMilliseconds, 2)) ms (\(cells) cells); Mermaid \(format(mermaid.inMilliseconds, 3)) ms")
    }
}

/// Pages and decisions in a line, each decision failing to a retry that goes back a page or
/// to Failure, every fifth node running an inner tree.
private func madeUpJourney(nodes count: Int) -> JourneyDefinition {
    let failure = JourneyEnd.failure.rawValue, success = JourneyEnd.success.rawValue
    let nodes = (0..<count).map { index -> JourneyNode in
        let next = index + 1 < count ? "n\(index + 1)" : success
        switch index % 5 {
        case 0:
            return JourneyNode(id: "n\(index)", type: "PageNode", displayName: "Page \(index)", connections: [.init(outcome: "outcome", target: next)],
                               pageChildren: [.init(id: "c\(index)a", type: "AttributeCollectorNode", displayName: "Attributes"),
                                              .init(id: "c\(index)b", type: "ValidatedPasswordNode", displayName: "Password")])
        case 1, 3:
            return JourneyNode(id: "n\(index)", type: "ScriptedDecisionNode", displayName: "Decision \(index)",
                               connections: [.init(outcome: "true", target: next), .init(outcome: "false", target: index + 2 < count ? "n\(index + 1)" : failure),
                                             .init(outcome: "error", target: failure)])
        case 2:
            return JourneyNode(id: "n\(index)", type: "RetryLimitDecisionNode", displayName: "Retry \(index)",
                               connections: [.init(outcome: "Retry", target: "n\(index - 2)"), .init(outcome: "Reject", target: next)])
        default:
            return JourneyNode(id: "n\(index)", type: "InnerTreeEvaluatorNode", displayName: "Inner \(index)",
                               connections: [.init(outcome: "true", target: next), .init(outcome: "false", target: failure)], innerTree: "Inner")
        }
    }
    return JourneyDefinition(name: "MadeUp\(count)", entryNodeID: "n0", nodes: nodes, source: "journey-bench")
}
