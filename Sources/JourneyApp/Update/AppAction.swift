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
    case commandMode
    case backToForm
    case cancel
}

/// Every key binding of the app, as data.
public enum AppKeyMap {
    /// Always active (also while typing in a field).
    public static let global = KeyMap<AppAction>([
        KeyBinding([.control("c")], .quit, help: "quit"),
        KeyBinding((1...9).map { .alt(Character(String($0))) }, .selectTab(0), help: "go to tab 1…9", inHelpBar: false,
                   keyLabel: "Alt-1…9"),
        KeyBinding((1...9).map { .function($0) }, .selectTab(0), help: "go to tab 1…9", inHelpBar: false, keyLabel: "F1…F9"),
        KeyBinding([.ctrlPageDown], .nextTab, help: "next tab", inHelpBar: false),
        KeyBinding([.ctrlPageUp], .previousTab, help: "previous tab", inHelpBar: false),
        KeyBinding([.alt("n")], .newTab, help: "new tab", inHelpBar: false),
        KeyBinding([.alt("w")], .closeTab, help: "close tab", inHelpBar: false),
        KeyBinding([.alt("r")], .renameTab, help: "rename tab", inHelpBar: false),
        KeyBinding([.alt("j")], .switchJourney, help: "another journey here", inHelpBar: false),
        KeyBinding([.alt("o")], .configure, help: "options", inHelpBar: false),
    ])

    /// Active when no field takes the key: after Esc, or when the tab shows no form.
    public static let commands = KeyMap<AppAction>([
        KeyBinding([.character("n")], .newTab, help: "new tab"),
        KeyBinding([.character("w")], .closeTab, help: "close"),
        KeyBinding([.character("r")], .renameTab, help: "rename"),
        KeyBinding([.character("j")], .switchJourney, help: "journey"),
        KeyBinding([.enter], .startJourney, help: "start again", inHelpBar: false),
        KeyBinding([.character("s")], .signIn, help: "sign in"),
        KeyBinding([.character("g")], .register, help: "register"),
        KeyBinding([.character("o")], .configure, help: "options"),
        KeyBinding([.character("l")], .logOut, help: "log out"),
        KeyBinding([.character("a")], .callAPI, help: "call an API"),
        KeyBinding([.character("e")], .showTrace, help: "trace of requests", inHelpBar: false),
        KeyBinding([.character("p")], .showStores, help: "stores", inHelpBar: false),
        KeyBinding([.character("i")], .showSessionInfo, help: "session info from AM", inHelpBar: false),
        KeyBinding([.character("t")], .refreshTokens, help: "refresh tokens", inHelpBar: false),
        KeyBinding([.character("v")], .revokeTokens, help: "revoke tokens", inHelpBar: false),
        KeyBinding([.character("u")], .showUserinfo, help: "userinfo", inHelpBar: false),
        KeyBinding([.character("c")], .copyAccessToken, help: "copy access token (OSC 52)", inHelpBar: false),
        KeyBinding([.character("x")], .revealTokens, help: "show/hide token values", inHelpBar: false),
        KeyBinding([.character("y")], .copyBrowserAddress, help: "copy browser link", inHelpBar: false),
        KeyBinding([.character("?")], .help, help: "help"),
        KeyBinding([.character("q")], .quit, help: "quit"),
        KeyBinding([.tab], .backToForm, help: "back to the form", inHelpBar: false),
    ])

    /// While a field has focus.
    public static let form = KeyMap<AppAction>([
        KeyBinding([.enter], .startJourney, help: "submit"),
        KeyBinding([.tab, .backTab], .backToForm, help: "next/previous"),
        KeyBinding([.escape], .commandMode, help: "commands"),
        KeyBinding([.control("r")], .backToForm, help: "show password", inHelpBar: false),
    ])

    /// While a request is in flight.
    public static let busy = KeyMap<AppAction>([
        KeyBinding([.escape], .cancel, help: "cancel request"),
    ])

    /// The commands only a journey tab has; a DaVinci tab's help bar leaves them out.
    public static let journeyOnly: Set<AppAction> = [.register, .switchJourney, .callAPI, .showSessionInfo, .copyBrowserAddress]

    /// Which tab Alt-n / Fn selects (0-based), if the key is one of them.
    static func tabNumber(of key: KeyEvent) -> Int? {
        switch key {
        case .alt(let character): character.wholeNumberValue.flatMap { (1...9).contains($0) ? $0 - 1 : nil }
        case .function(let number) where (1...9).contains(number): number - 1
        default: nil
        }
    }
}
