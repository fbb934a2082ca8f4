import Orchestrate

/// The trace pane's own update: a key's action on the tab's trace in, what the tab and the
/// runtime must do out. `AppState` routes the keys here (`AppState+Trace.swift`).
extension TracePane {
    /// What the pane asks for, in order.
    enum Output: Sendable, Equatable {
        /// Work for the runtime.
        case effect(AppEffect)
        case banner(ClientTab.Banner)
        /// The tab saves its trace as a HAR file, credentials as they went when `revealing`.
        case saveTrace(revealing: Bool)
        /// The tab saves its journey as a test file.
        case saveTest
        case showHelp
        case close
    }

    /// Handles a key's action on `trace`, the tab's exchanges.
    mutating func update(_ action: TracePaneAction, trace: [WireExchange]) -> [Output] {
        let shown = shown(in: trace.count)
        switch action {
        case .close:
            return [.close]
        case .help:
            return [.showHelp]
        case .previous, .next, .first, .last:
            guard let shown else { return [] }
            selected = switch action {
            case .previous: max(0, shown - 1)
            case .next: shown + 1 < trace.count ? shown + 1 : nil
            case .first: 0
            default: nil
            }
            scroll = 0
        case .scrollUp: scroll = max(0, scroll - 10)
        case .scrollDown: scroll += 10
        case .toggleSecrets: revealing.toggle()
        case .copyCurl:
            guard let shown else { return [] }
            let secrets = revealing ? "with its credentials as they went (x hides them)" : "its credentials redacted (x reveals them)"
            return [.banner(ClientTab.Banner(kind: .information,
                                             text: "Exchange \(shown + 1) is on the clipboard as a curl command (OSC 52), \(secrets).")),
                    .effect(.copyToClipboard(CurlCommand.make(trace[shown].request, rules: trace[shown].rules, revealing: revealing)))]
        case .saveHAR:
            guard !trace.isEmpty else { return [] }
            return [.banner(ClientTab.Banner(kind: .information, text: "Saving the trace…")), .saveTrace(revealing: revealing)]
        case .saveTest:
            guard !trace.isEmpty else { return [] }
            return [.banner(ClientTab.Banner(kind: .information, text: "Saving the journey as a test…")), .saveTest]
        }
        return []
    }

    /// The oldest `count` exchanges of the trace were dropped: the one shown stays selected.
    mutating func dropped(_ count: Int) {
        if let selected { self.selected = max(0, selected - count) }
    }
}
