import Renderer
import TerminalKit

/// Keys typed while a tab's page loads, kept for the page that arrives: the person types on as
/// they would in a browser. Only typing and moving between fields are kept; Enter is not (a page
/// the person has not seen is never submitted), nor are commands, and typing goes only into text
/// fields (a space on a button would press it).
struct TypeAhead: Sendable, Equatable {
    /// The tab the keys were typed in.
    let tabID: Int
    var keys: [KeyEvent] = []

    /// Whether a key typed ahead goes into the next page.
    static func keeps(_ key: KeyEvent) -> Bool {
        switch key {
        case .character, .paste, .backspace, .tab, .backTab: true
        default: false
        }
    }
}

extension AppState {
    /// Keeps a key typed while the active tab waits for its page.
    mutating func keepTypedAhead(_ key: KeyEvent) {
        guard TypeAhead.keeps(key), let tab = activeTab else { return }
        if typeAhead?.tabID != tab.id { typeAhead = TypeAhead(tabID: tab.id) }
        typeAhead?.keys.append(key)
    }

    /// Once the tab's page is there, the keys typed ahead go into it in order, from the field
    /// that has focus; when what arrived is no form to type into, they are dropped.
    mutating func replayTypedAhead(tabID: Int) -> [AppEffect] {
        guard let waiting = typeAhead, waiting.tabID == tabID, let index = index(ofTab: tabID) else { return [] }
        if tabs[index].isBusy { return [] }
        typeAhead = nil
        guard formIsLive(index) else { return [] }
        var effects: [AppEffect] = []
        for key in waiting.keys {
            guard key == .tab || key == .backTab || focusIsOnText(tab: index) else { break }
            effects += updating(tab: index, .key(key))
        }
        return effects
    }

    /// Whether a text field of the tab's form has focus.
    private func focusIsOnText(tab index: Int) -> Bool {
        if case .text? = tabs[index].focusedField { return true }
        return false
    }
}
