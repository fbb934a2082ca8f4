@testable import JourneyApp

/// Tests arrange a tab's state directly, where the app only ever changes it through the tab's
/// update: these replace the tab with one whose parts are changed.
extension ClientTab {
    /// Changes what every tab has (banner, user, tokens, panes).
    mutating func arrange(_ change: (inout TabShared) -> Void) {
        var parts = shared
        change(&parts)
        self = ClientTab(shared: parts, kind: kind)
    }

    /// Changes a journey tab's own state.
    mutating func arrangeJourney(_ change: (inout JourneyTab) -> Void) {
        guard var state = journey else { preconditionFailure("not a journey tab") }
        change(&state)
        self = ClientTab(shared: shared, kind: state)
    }

    /// Changes a DaVinci tab's own state.
    mutating func arrangeFlow(_ change: (inout DaVinciTab) -> Void) {
        guard var state = davinci else { preconditionFailure("not a DaVinci tab") }
        change(&state)
        self = ClientTab(shared: shared, kind: state)
    }
}

extension RequestPane.Context {
    /// What the pane reads of `tab`.
    init(tab: ClientTab) {
        self.init(tab: tab.shared, session: tab.journey?.session)
    }
}
