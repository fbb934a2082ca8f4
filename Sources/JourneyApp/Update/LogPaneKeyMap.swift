import TerminalKit

extension AppKeyMap {
    /// The log pane (`m`): the newest line at the bottom, scrolled back from it.
    public static let logPane = KeyMap<DialogAction>([
        KeyBinding(each: [(.up, .scrollUp), (.down, .scrollDown)], help: "scroll", detail: "one line older / newer", keyLabel: "↑↓"),
        KeyBinding(each: [(.pageUp, .pageUp), (.pageDown, .pageDown), (.home, .top), (.end, .bottom)], help: "page",
                   detail: "a page older or newer, to the oldest or the newest", bar: .hidden, keyLabel: "PgUp/PgDn Home/End"),
        KeyBinding([.escape, .character("m"), .character("q")], .close, help: "close", bar: .kept, keyLabel: "Esc"),
    ])
}
