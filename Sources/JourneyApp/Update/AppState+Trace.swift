import Foundation
import JourneyEngine
import Orchestrate
import TerminalKit

/// The trace pane (`e`) in its tab: every exchange of the tab's client, one at a time,
/// credentials hidden until `x`; `y` copies the exchange as a curl command, `h` saves the trace
/// as a HAR file with the journey's answers beside it. The pane decides
/// (`TracePane+Update.swift`); the tab keeps the trace and does what the pane asks
/// (`TabUpdate+TracePane.swift`).
extension AppState {
    /// What a key of the trace pane (`AppKeyMap.trace`) does: the pane decides, its tab does
    /// what it asks (`TabUpdate+TracePane.swift`).
    mutating func perform(_ action: TracePaneAction) -> [AppEffect] {
        updatingActiveTab(.tracePane(action))
    }
}
