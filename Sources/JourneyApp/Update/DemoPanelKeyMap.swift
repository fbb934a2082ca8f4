import TerminalKit

/// What a key does in the demo panel (`d`).
public enum DemoPanelAction: Sendable, Hashable {
    case previous, next
    /// Open the picked link in a new tab, resuming its journey.
    case open
    /// Read the outbox again.
    case refresh
    case close
}

extension AppKeyMap {
    /// The demo panel (`d`): the demo's users, TOTP codes and the outbox (links, emailed codes).
    public static let demoPanel = KeyMap<DemoPanelAction>([
        KeyBinding(each: [(.up, .previous), (.down, .next)], help: "link", detail: "previous / next link in the outbox", keyLabel: "↑↓"),
        KeyBinding([.enter], .open, help: "resume", detail: "open the link in a new tab: it resumes the journey"),
        KeyBinding([.character("r")], .refresh, help: "refresh", detail: "read the outbox again"),
        KeyBinding([.escape, .character("d"), .character("q")], .close, help: "close", bar: .kept, keyLabel: "Esc"),
    ])
}
