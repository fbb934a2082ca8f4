import TerminalKit

extension AppState {
    /// A key in the log pane. Its scroll counts log lines back from the newest, so "up" goes
    /// further back and Home shows the oldest.
    mutating func handleLogPane(_ key: KeyEvent, scroll: Int) -> [AppEffect] {
        let backwards: DialogAction? = switch AppKeyMap.logPane.action(for: key) {
        case .scrollUp?: .scrollDown
        case .scrollDown?: .scrollUp
        case .pageUp?: .pageDown
        case .pageDown?: .pageUp
        case .top?: .bottom
        case .bottom?: .top
        case let other: other
        }
        switch backwards {
        case .close?: overlay = nil
        case let action?: overlay = .logs(scroll: Self.scrolled(scroll, action, limit: max(0, logs.lines.count - 1)))
        case nil: break
        }
        return []
    }
}
