import Foundation

/// One update of one tab, the tab's own child model at work: the tab (its kind's state, its
/// request pane, its tokens) and what it needs from the app around it and asks of it in return.
/// The tab's update (`Update/Tab/`) changes only these; `AppState.updating(tab:_:)` hands a
/// tab over and applies what it asked.
struct TabUpdate {
    var tab: ClientTab
    var context: TabContext
}

/// What a tab's update needs from the app, and what it asks of it.
struct TabContext {
    /// Where request ids come from (one sequence for the whole app).
    var requestIDs: RequestIDs
    /// "Now" for countdowns and polling (the last tick), and the wall clock for expiry.
    let now: ContinuousClock.Instant
    let date: Date
    /// Whether the tab is the one on screen (a background tab may take a sign-in it shares).
    let isActive: Bool
    /// The other tabs on the tab's session store, and on its token store, by name.
    let sessionSharers: [String]
    let tokenSharers: [String]
    /// The tab signed in: the first-run hint has done its work.
    var signedIn = false
    /// A journey or flow started: keys go back to the form.
    var backToForm = false
    /// The tab walks a step-up in its form: it comes to the front.
    var toFront = false
    /// The request pane asked for the key help.
    var showsHelp = false
}
