import Foundation

/// One update of one tab of kind `Kind`, the tab's own child model at work: its kind's state,
/// what every tab has, and what it needs from the app around it and asks of it in return. The
/// tab's update (`Update/Tab/`) changes only these; `ClientTab.update(_:context:)` runs it and
/// `AppState.updating(tab:_:)` applies what it asked of the app.
struct TabUpdate<Kind: TabKind> {
    var kind: Kind
    var tab: TabShared
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
    /// The form on screen did not take the key it was given (`TabEvent.key`): the commands may.
    var keyIgnored = false
    /// New options made a new identity: the tab takes a new kind's state for its profile, and
    /// starts again on it (`ClientTab.update`).
    var renewal: Renewal?

    /// A tab starting again with a new identity.
    struct Renewal {
        /// The tab stood idle before.
        let wasIdle: Bool
        /// What the tab says once it has started again (its old identity being signed out).
        let banner: ClientTab.Banner
    }
}
