import TerminalKit

/// What a key does in the trace pane (`e`).
public enum TracePaneAction: Sendable, Hashable {
    case previous, next, first, last
    case scrollUp, scrollDown
    case toggleSecrets
    case copyCurl
    case saveHAR
    /// Save the tab's finished journey as a test file for `journey test`.
    case saveTest
    case help
    case close
}

/// What a key does in the request pane (`a`).
public enum RequestPaneAction: Sendable, Hashable {
    case send
    case nextField, previousField
    /// Back to earlier hops (PgUp), or on to the newest (PgDn).
    case scrollBack, scrollForward
    case pick(Int)
    case pickPrevious, pickNext
    case previousMethod, nextMethod
    case replay
    case showTrace
    case copyCurl
    case help
    /// Stop the call under way.
    case stop
    case close
}

extension AppKeyMap {
    /// The trace pane: the list of exchanges, the one shown below it.
    public static let trace = KeyMap<TracePaneAction>([
        KeyBinding(each: [(.up, .previous), (.down, .next)], help: "exchange", detail: "previous / next exchange", keyLabel: "↑↓"),
        KeyBinding(each: [(.home, .first), (.end, .last)], help: "first/last", detail: "first / last exchange", bar: .hidden,
                   keyLabel: "Home/End"),
        KeyBinding(each: [(.pageUp, .scrollUp), (.pageDown, .scrollDown)], help: "scroll", detail: "scroll the exchange",
                   keyLabel: "PgUp/PgDn"),
        KeyBinding([.character("x")], .toggleSecrets, help: "secrets", detail: "show or hide credentials"),
        KeyBinding([.character("y")], .copyCurl, help: "curl", detail: "copy the exchange as a curl command (OSC 52)"),
        KeyBinding([.character("h")], .saveHAR, help: "save HAR", detail: "save the trace as a HAR file, with the journey's answers"),
        KeyBinding([.character("t")], .saveTest, help: "save test", detail: "save the finished journey as a test for journey test",
                   bar: .hidden),
        KeyBinding([.character("?")], .help, help: "help", bar: .kept),
        KeyBinding([.escape, .character("e")], .close, help: "close", detail: "close the trace pane (e too)", bar: .kept, keyLabel: "Esc"),
    ])

    /// The request pane, whatever has focus while no call runs. Keys it does not list are typed
    /// into the URL or the body when one of them has focus.
    public static let requestPane = KeyMap<RequestPaneAction>([
        KeyBinding([.enter], .send, help: "send", detail: "send the call (again: a new call)"),
        KeyBinding(each: [(.tab, .nextField), (.backTab, .previousField)], help: "field", detail: "next / previous field",
                   keyLabel: "Tab/Shift-Tab"),
        KeyBinding(each: [(.pageUp, .scrollBack), (.pageDown, .scrollForward)], help: "scroll", detail: "scroll through the hops",
                   keyLabel: "PgUp/PgDn"),
        KeyBinding([.escape], .close, help: "close", detail: "close the request pane", bar: .kept),
    ])

    /// The request pane with the list of calls in focus.
    public static let requestPaneOnCalls = KeyMap<RequestPaneAction>([
        KeyBinding(each: [(.up, .pickPrevious), (.down, .pickNext)] + (1...9).map { (.character(Character(String($0))), .pick($0 - 1)) },
                   help: "pick", detail: "pick a call from the list", keyLabel: "↑↓ 1…9"),
    ]) + requestPaneLastCall

    /// The request pane with the method in focus.
    public static let requestPaneOnMethod = KeyMap<RequestPaneAction>([
        KeyBinding(each: [(.left, .previousMethod), (.right, .nextMethod), (.character(" "), .nextMethod)], help: "method",
                   detail: "change the method", keyLabel: "←→ Space"),
    ]) + requestPaneLastCall

    /// What the list of calls and the method share: the last call, and help.
    private static let requestPaneLastCall = KeyMap<RequestPaneAction>([
        KeyBinding([.character("R")], .replay, help: "replay", detail: "replay the last request as it went, transaction id included",
                   bar: .hidden),
        KeyBinding([.character("y")], .copyCurl, help: "curl", detail: "copy the last request as a curl command (OSC 52)", bar: .hidden),
        KeyBinding([.character("e")], .showTrace, help: "trace", detail: "every exchange (the trace pane)", bar: .hidden),
        KeyBinding([.character("?")], .help, help: "help", bar: .kept),
    ])

    /// The request pane while its call runs.
    public static let requestPaneRunning = KeyMap<RequestPaneAction>([
        KeyBinding([.escape], .stop, help: "stop the call", detail: "stop the call (its answer is dropped, nothing more is sent)",
                   bar: .kept),
        KeyBinding(each: [(.tab, .nextField), (.backTab, .previousField)], help: "field", detail: "next / previous field", bar: .hidden,
                   keyLabel: "Tab/Shift-Tab"),
        KeyBinding(each: [(.pageUp, .scrollBack), (.pageDown, .scrollForward)], help: "scroll", detail: "scroll through the hops",
                   keyLabel: "PgUp/PgDn"),
        KeyBinding([.character("?")], .help, help: "help", bar: .kept),
    ])
}
