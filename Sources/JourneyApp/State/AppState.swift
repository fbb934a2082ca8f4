import Foundation
import JourneyEngine
import TerminalKit

/// Everything the full-screen UI shows, in one value. Only `update(_:)` changes it; the view
/// renders it; the runtime performs the effects `update` returns.
public struct AppState: Sendable {
    public var tabs: [ClientTab] = []
    public var activeIndex = 0
    public var overlay: Overlay?
    /// A first-run tip shown under the tab bar until the first sign-in.
    public var hint: String?
    /// Profiles offered by the new-tab dialog.
    public var profiles: [ClientProfile]
    /// Calls the request pane offers ready-made (the demo AM's API in `journey demo`).
    public var requestSuggestions: [RequestSuggestion] = []
    /// The log lines of in-process servers and the client (the status line and the log pane).
    public var logs = LogBook()
    /// Whether OSC 52 cannot be trusted to reach the clipboard (inside tmux or screen): each
    /// copy is then also shown, to select with the mouse or save (`CopiedText`).
    public var clipboardUnconfirmed = false
    /// The demo's users and TOTP secrets for the demo panel (`d`); nil outside `journey demo`.
    public var demoAccounts: DemoAccounts?
    /// Keys go to commands instead of the focused field (after Esc).
    public var commandMode = false
    public private(set) var wantsToQuit = false
    /// The time of the last tick: "now" for countdowns.
    public private(set) var now = ContinuousClock.now
    /// The wall-clock time of the last tick: "now" for token expiry.
    public private(set) var date = Date()
    private var nextTabID = 1
    /// The ids of requests, handed to the panes that send.
    var requestIDs = RequestIDs()
    /// Keys typed while a tab's page loads, for the page that arrives (`AppState+TypeAhead`).
    var typeAhead: TypeAhead?
    /// How far each tab's page without a form is scrolled (PgUp/PgDn), by tab id; a scroll
    /// holds only on the page it was made on (`AppState+ScrolledPage`).
    var pageScroll: [Int: PageScroll] = [:]
    /// Whether journey definitions can be read for the map pane (`journey` set a reader up).
    public var readsJourneyMaps = false
    /// The journey definitions the map pane has read or is reading, by server and journey.
    public internal(set) var journeyMaps: [JourneyMapKey: JourneyMapLoad] = [:]
    /// The map pane's last drawing and scroll (`MapPaneMemo`).
    let mapMemo = MapPaneMemo()

    public enum Overlay: Sendable {
        /// The keys (`?`), scrolled this many lines down.
        case help(scroll: Int)
        case confirmQuit
        /// Closing a tab that is signed in or has a journey under way (`w`).
        case confirmClose(CloseTabQuestion)
        /// What was just copied, where OSC 52 cannot be confirmed.
        case copied(CopiedText)
        case newTab(NewTabDialog)
        case rename(RenameDialog)
        case switchJourney(JourneyDialog)
        case configure(ConfigurationDialog)
        /// Which tabs share which store (`p`), scrolled this many lines down.
        case stores(scroll: Int)
        /// The log pane (`m`), scrolled this many lines up from the newest.
        case logs(scroll: Int)
        /// The demo panel (`d`): users, TOTP codes, MagicLink's outbox.
        case demo(DemoPanel)
        /// The map of the tab's journey (`M`).
        case map(MapPane)
    }

    public init(profiles: [ClientProfile], openTabsFor opened: [ClientProfile], hint: String? = nil) {
        self.profiles = profiles
        self.hint = hint
        for profile in opened { _ = addTab(profile) }
    }

    public var activeTab: ClientTab? {
        tabs.indices.contains(activeIndex) ? tabs[activeIndex] : nil
    }

    mutating func addTab(_ profile: ClientProfile) -> Int {
        let tab = ClientTab(id: nextTabID, profile: profile, instanceName: instanceName(for: profile.name))
        nextTabID += 1
        tabs.append(tab)
        return tabs.count - 1
    }

    mutating func makeRequestID() -> Int {
        requestIDs.make()
    }

    mutating func setNow(_ instant: ContinuousClock.Instant, date: Date) {
        now = instant
        self.date = date
    }

    mutating func quit() {
        wantsToQuit = true
    }

    func index(ofTab id: Int) -> Int? {
        tabs.firstIndex { $0.id == id }
    }
}
