import JourneyEngine
import Renderer
import TerminalKit

/// The overlays: help, quit and close confirmations, the stores panel, and the dialogs (new tab, rename,
/// another journey, options), each with its own update (`Update/Dialogs/`): this does what they
/// ask.
extension AppState {
    /// The `?` overlay, on the keys of what is in front.
    mutating func openHelp() -> [AppEffect] {
        overlay = .help(scroll: 0)
        return []
    }

    /// A key for the overlay in front, looked up in its key map; keys the map does not list go
    /// to the dialog's focused field or list.
    mutating func handleOverlay(_ key: KeyEvent) -> [AppEffect] {
        switch overlay {
        case .help(let scroll):
            switch AppKeyMap.helpOverlay.action(for: key) {
            case .close?: overlay = nil
            case let action?: overlay = .help(scroll: Self.scrolled(scroll, action, limit: helpScrollLimit))
            case nil: break
            }
            return []
        case .confirmQuit:
            switch AppKeyMap.confirmQuit.action(for: key) {
            case .confirm?: quit()
            case .close?: overlay = nil
            default: break
            }
            return []
        case .confirmClose(let question):
            switch AppKeyMap.confirmClose.action(for: key) {
            case .confirm?:
                overlay = nil
                guard let index = index(ofTab: question.tabID) else { return [] }
                activeIndex = index
                return closeActiveTab()
            case .close?: overlay = nil
            default: break
            }
            return []
        case .copied(let copied):
            return handleCopied(key, copied)
        case .rename(var dialog):
            return routed(dialog.update(key), stays: .rename(dialog)) { state, name in
                state.updatingActiveTab(.renamed(name))
            }
        case .stores(let scroll):
            switch AppKeyMap.stores.action(for: key) {
            case .close?: overlay = nil
            case let action?: overlay = .stores(scroll: Self.scrolled(scroll, action, limit: storesScrollLimit))
            case nil: break
            }
            return []
        case .logs(let scroll):
            return handleLogPane(key, scroll: scroll)
        case .demo(let panel):
            return handleDemoPanel(key, panel)
        case .map(let pane):
            return handleMapPane(key, pane)
        case .newTab(var dialog):
            return routed(dialog.update(key), stays: .newTab(dialog)) { state, profile in
                state.activeIndex = state.addTab(profile)
                return state.open(tab: state.activeIndex)
            }
        case .configure(var dialog):
            return routed(dialog.update(key), stays: .configure(dialog)) { state, applied in
                guard state.tabs.indices.contains(state.activeIndex) else { return [] }
                return state.reconfigure(tab: state.activeIndex, to: applied.options, profileName: applied.profileName, cause: applied.cause)
            }
        case .switchJourney(var dialog):
            return routed(dialog.update(key), stays: .switchJourney(dialog)) { state, name in
                state.updatingActiveTab(.switchJourney(name))
            }
        case nil:
            return []
        }
    }

    /// A scroll position moved by a scrolling action, kept in `0...limit`.
    static func scrolled(_ scroll: Int, _ action: DialogAction, limit: Int) -> Int {
        let moved = switch action {
        case .scrollUp: scroll - 1
        case .scrollDown: scroll + 1
        case .pageUp: scroll - 10
        case .pageDown: scroll + 10
        case .top: 0
        case .bottom: limit
        default: scroll
        }
        return max(0, min(limit, moved))
    }

    /// Does what a dialog asks: keeps it in front as the key left it (`stays`), closes it, or
    /// closes it and does what it was for.
    private mutating func routed<Request>(_ output: DialogOutput<Request>, stays dialog: @autoclosure () -> Overlay,
                                          confirmed: (inout AppState, Request) -> [AppEffect]) -> [AppEffect] {
        switch output {
        case .stays:
            overlay = dialog()
            return []
        case .closes:
            overlay = nil
            return []
        case .confirms(let request):
            overlay = nil
            return confirmed(&self, request)
        }
    }
}
