/// Where a run went on a journey's map, from the pages it showed: each page matched after the one
/// before (`PageMatcher`), in the journey itself or in an inner tree it runs, where the page
/// marks the inner tree evaluator that runs it.
public enum RunMarks {
    /// How the run stands.
    public enum Standing: Sendable {
        /// The last page is on screen, waiting for answers.
        case onPage
        /// The run ended at this end.
        case ended(JourneyEnd)
        /// Neither: not started, or ended without AM's yes or no (a network error).
        case other
    }

    /// The marks for `pages` on `journey`, with the inner trees it runs in `innerTrees`.
    public static func marks(for pages: [PageSignature], on journey: JourneyDefinition, innerTrees: [JourneyDefinition] = [],
                             standing: Standing) -> MapMarks {
        var visited: [String] = []
        var guessed = false
        var inner: String?
        var lastPageMatched = false
        for page in pages {
            lastPageMatched = false
            guard let match = match(page, on: journey, innerTrees: innerTrees, after: visited.last) else { continue }
            visited.append(match.node)
            guessed = match.guessed
            inner = match.inner
            lastPageMatched = true
        }
        switch standing {
        case .onPage:
            // A page on screen that matched no node is marked nowhere, not as the page before.
            guard lastPageMatched, let current = visited.last else { return MapMarks(visited: visited) }
            var marks = MapMarks(visited: Array(visited.dropLast()), current: current, guessed: guessed)
            marks.currentInnerPage = inner
            return marks
        case .ended(let end):
            return MapMarks(visited: visited, ended: end)
        case .other:
            return MapMarks(visited: visited)
        }
    }

    /// A page's node on the journey: a stage match anywhere first (the journey, then its inner
    /// trees), then the journey's own guess, then an inner tree's. A page of an inner tree is the
    /// inner tree evaluator that runs it; `inner` names the tree and the page's node there.
    private static func match(_ page: PageSignature, on journey: JourneyDefinition, innerTrees: [JourneyDefinition],
                              after previous: String?) -> (node: String, guessed: Bool, inner: String?)? {
        let own = PageMatcher.match(page, in: journey, after: previous)
        if let own, !own.guessed { return (own.node, false, nil) }
        var innerGuess: (node: String, guessed: Bool, inner: String?)?
        for tree in innerTrees {
            guard let match = PageMatcher.match(page, in: tree),
                  let evaluator = evaluator(running: tree.name, in: journey, after: previous) else { continue }
            let name = tree.node(match.node).map { $0.displayName.isEmpty ? $0.type : $0.displayName } ?? match.node
            let found = (evaluator, match.guessed, "\(tree.name): \(name)")
            if !match.guessed { return found }
            if innerGuess == nil { innerGuess = found }
        }
        if let own { return (own.node, true, nil) }
        return innerGuess
    }

    /// The node of `journey` that runs `tree`: the first one after `previous`, else the first.
    private static func evaluator(running tree: String, in journey: JourneyDefinition, after previous: String?) -> String? {
        let runners = journey.nodes.filter { $0.innerTree == tree }.map(\.id)
        let next = previous.flatMap { journey.node($0) }.map { Set($0.connections.map(\.target)) } ?? []
        return runners.first { next.contains($0) } ?? runners.first
    }
}
