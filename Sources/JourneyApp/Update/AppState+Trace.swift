import Foundation
import JourneyEngine
import Orchestrate
import TerminalKit

/// The trace pane (`e`): every exchange of the tab's client, one at a time, credentials hidden
/// until `x`; `y` copies the exchange as a curl command, `h` saves the trace as a HAR file with
/// the journey's answers beside it.
extension AppState {
    /// An exchange of a tab's client: kept in the tab's trace, the oldest dropped past capacity.
    mutating func traced(_ exchange: WireExchange, tab index: Int) {
        tabs[index].trace.append(exchange)
        let excess = tabs[index].trace.count - TracePane.capacity
        guard excess > 0 else { return }
        tabs[index].trace.removeFirst(excess)
        if let selected = tabs[index].tracePane?.selected { tabs[index].tracePane?.selected = max(0, selected - excess) }
    }

    /// Opens the active tab's trace pane on its newest exchange.
    mutating func openTracePane() -> [AppEffect] {
        guard tabs.indices.contains(activeIndex) else { return [] }
        tabs[activeIndex].tracePane = TracePane()
        return []
    }

    /// What a key of the trace pane (`AppKeyMap.trace`) does.
    mutating func perform(_ action: TracePaneAction) -> [AppEffect] {
        guard var pane = tabs[activeIndex].tracePane else { return [] }
        let trace = tabs[activeIndex].trace
        let shown = pane.shown(in: trace.count)
        switch action {
        case .close:
            tabs[activeIndex].tracePane = nil
            return []
        case .help:
            return openHelp()
        case .previous, .next, .first, .last:
            guard let shown else { return [] }
            pane.selected = switch action {
            case .previous: max(0, shown - 1)
            case .next: shown + 1 < trace.count ? shown + 1 : nil
            case .first: 0
            default: nil
            }
            pane.scroll = 0
        case .scrollUp: pane.scroll = max(0, pane.scroll - 10)
        case .scrollDown: pane.scroll += 10
        case .toggleSecrets: pane.revealing.toggle()
        case .copyCurl:
            guard let shown else { return [] }
            let secrets = pane.revealing ? "with its credentials as they went (x hides them)" : "its credentials redacted (x reveals them)"
            tabs[activeIndex].banner = ClientTab.Banner(kind: .information,
                text: "Exchange \(shown + 1) is on the clipboard as a curl command (OSC 52), \(secrets).")
            return [.copyToClipboard(CurlCommand.make(trace[shown].request, rules: trace[shown].rules, revealing: pane.revealing))]
        case .saveHAR:
            guard !trace.isEmpty else { return [] }
            tabs[activeIndex].banner = ClientTab.Banner(kind: .information, text: "Saving the trace…")
            // A DaVinci flow has no answers file to replay: its trace is saved as HAR only.
            return [.exportTrace(tabID: tabs[activeIndex].id, name: tabs[activeIndex].instanceName, trace, revealing: pane.revealing,
                                 answers: tabs[activeIndex].journey != nil)]
        }
        tabs[activeIndex].tracePane = pane
        return []
    }

    /// Where the trace was saved, or why it was not.
    mutating func exported(_ result: Result<[URL], InstanceProblem>, tab index: Int) {
        switch result {
        case .success(let files):
            let secrets = tabs[index].tracePane?.revealing == true ? "with its credentials as they went" : "credentials redacted"
            let answers = files.dropFirst().first.map { "; the journey's non-secret answers in \($0.path) (journey login --answers)" } ?? ""
            tabs[index].banner = ClientTab.Banner(kind: .information,
                text: "Saved \(tabs[index].trace.count) exchanges as HAR 1.2 in \(files.first?.path ?? "?") (\(secrets))\(answers).")
        case .failure(let problem):
            tabs[index].banner = ClientTab.Banner(kind: .error, text: problem.message)
        }
    }
}
