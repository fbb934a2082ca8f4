import TerminalKit

/// The app's commands. Key bindings map keys to these; the help bar and `?` overlay are made
/// from the same bindings.
public enum AppAction: Sendable, Hashable {
    case quit
    case help
    case selectTab(Int)
    case nextTab
    case previousTab
    case newTab
    case closeTab
    case renameTab
    case switchJourney
    case startJourney
    case signIn
    case register
    case configure
    case logOut
    case showSessionInfo
    case refreshTokens
    case revokeTokens
    case showUserinfo
    case copyAccessToken
    case copyBrowserAddress
    case revealTokens
    case callAPI
    case showTrace
    case showStores
    case showLogs
    case showDemoPanel
    case showMap
    case repaint
    case commandMode
    case backToForm
    case cancel
    /// Scroll a page without a form (the signed-in page) that is taller than the screen.
    case scrollPageUp, scrollPageDown
}

/// The key maps of the tab, as data: what each key does in each mode, and the words for help.
/// `KeyMode` says which maps take a key at a given moment.
public enum AppKeyMap {
    /// Always active (also while typing in a field); not in dialogs.
    public static let global = KeyMap<AppAction>([
        KeyBinding([.control("c")], .quit, help: "quit", bar: .kept),
        KeyBinding(each: (1...9).map { (.alt(Character(String($0))), .selectTab($0 - 1)) }, help: "tabs", detail: "go to tab 1…9",
                   keyLabel: "Alt-1…9"),
        KeyBinding(each: (1...9).map { (.function($0), .selectTab($0 - 1)) }, help: "tabs", detail: "go to tab 1…9", bar: .hidden,
                   keyLabel: "F1…F9"),
        KeyBinding([.ctrlPageDown], .nextTab, help: "next tab", bar: .hidden),
        KeyBinding([.ctrlPageUp], .previousTab, help: "previous tab", bar: .hidden),
        KeyBinding([.alt("n")], .newTab, help: "new tab", bar: .hidden),
        KeyBinding([.alt("w")], .closeTab, help: "close tab", bar: .hidden),
        KeyBinding([.alt("r")], .renameTab, help: "rename tab", bar: .hidden),
        KeyBinding([.alt("j")], .switchJourney, help: "another journey in this tab", bar: .hidden),
        KeyBinding([.alt("o")], .configure, help: "this tab's options", bar: .hidden),
        KeyBinding([.control("l")], .repaint, help: "repaint", detail: "redraw the whole screen", bar: .hidden),
    ])

    /// When no field takes the key: after Esc, or when the tab shows no form.
    public static let commands = KeyMap<AppAction>([
        KeyBinding([.character("n")], .newTab, help: "new tab"),
        KeyBinding([.character("w")], .closeTab, help: "close", detail: "close the tab"),
        KeyBinding([.character("r")], .renameTab, help: "rename", detail: "rename the tab"),
        KeyBinding([.character("j")], .switchJourney, help: "journey", detail: "another journey in this tab"),
        KeyBinding([.character("s")], .signIn, help: "sign in"),
        KeyBinding([.character("g")], .register, help: "register"),
        KeyBinding([.character("o")], .configure, help: "options", detail: "this tab's options"),
        KeyBinding([.character("l")], .logOut, help: "log out"),
        KeyBinding([.character("a")], .callAPI, help: "call an API", detail: "call an API (the request pane)"),
        KeyBinding([.character("e")], .showTrace, help: "trace", detail: "trace of requests (the trace pane)", bar: .hidden),
        KeyBinding([.character("p")], .showStores, help: "stores", detail: "stores: which tabs share what", bar: .hidden),
        KeyBinding([.character("m")], .showLogs, help: "log", detail: "log lines of the demo servers and the client (the log pane)",
                   bar: .hidden),
        KeyBinding([.character("M")], .showMap, help: "map", detail: "the map of the tab's journey, the pages shown marked (the map pane)",
                   bar: .hidden),
        KeyBinding([.character("d")], .showDemoPanel, help: "demo panel",
                   detail: "the demo's users, TOTP codes and MagicLink's outbox (journey demo)", bar: .hidden),
        KeyBinding([.character("i")], .showSessionInfo, help: "session info", detail: "session info from AM", bar: .hidden),
        KeyBinding([.character("t")], .refreshTokens, help: "refresh tokens", bar: .hidden),
        KeyBinding([.character("v")], .revokeTokens, help: "revoke tokens", bar: .hidden),
        KeyBinding([.character("u")], .showUserinfo, help: "userinfo", bar: .hidden),
        KeyBinding([.character("c")], .copyAccessToken, help: "copy access token", detail: "copy the access token (OSC 52)", bar: .hidden),
        KeyBinding([.character("x")], .revealTokens, help: "show/hide tokens", detail: "show or hide token values", bar: .hidden),
        KeyBinding([.character("y")], .copyBrowserAddress, help: "copy browser link", detail: "copy the address a browser step opens",
                   bar: .hidden),
        KeyBinding([.character("?")], .help, help: "help", detail: "this help", bar: .kept),
        KeyBinding([.character("q")], .quit, help: "quit", bar: .kept),
    ])

    /// Commands with a form behind them (after Esc): Enter and Tab go back to it.
    public static let commandsOverForm = KeyMap<AppAction>([
        KeyBinding([.enter, .tab], .backToForm, help: "back to the form", bar: .hidden, keyLabel: "Enter/Tab"),
    ])

    /// Commands with no form on screen: Enter starts the tab's journey (or flow) again; PgUp and
    /// PgDn scroll the page.
    public static let commandsWithoutForm = KeyMap<AppAction>([
        KeyBinding([.enter], .startJourney, help: "start again", detail: "start the tab's journey or flow again", bar: .hidden),
        KeyBinding(each: [(.pageUp, .scrollPageUp), (.pageDown, .scrollPageDown)], help: "scroll",
                   detail: "scroll a page taller than the screen", bar: .hidden, keyLabel: "PgUp/PgDn"),
    ])

    /// While a form takes the keys: what the app binds in it. The form's own keys
    /// (`FormLayout.keys`) and its widgets' (`TextField.keys`, …) come before; keys none lists
    /// are typed into the focused field.
    public static let form = KeyMap<AppAction>([
        // Printable keys type into the form, so the bar says how `?` and `q` are reached from it.
        KeyBinding([.escape], .commandMode, help: "then ? help · q quit", detail: "leave the form for the commands: then ? help, q quit",
                   bar: .kept),
    ])

    /// While a request is in flight.
    public static let busy = KeyMap<AppAction>([
        KeyBinding([.escape], .cancel, help: "cancel request", detail: "cancel the request (what was typed stays)", bar: .kept),
    ])

    /// The commands a tab's kind does itself (its update takes them as `TabEvent.command`); a
    /// kind that does not offer one leaves it out of its help, and says why when it is pressed.
    public static let kindCommands: Set<AppAction> = [.startJourney, .signIn, .register, .switchJourney, .logOut, .cancel, .callAPI,
                                                      .showSessionInfo]
}
