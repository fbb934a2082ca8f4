import TerminalKit

/// Which key maps take a key in the active tab right now (dialogs aside: the overlay in front
/// has its own). The key dispatch in `AppState.handle(_:)`, the help bar and the `?` overlay all
/// start from it, so what help says is what a key does.
enum KeyMode: Equatable {
    /// No tab is open: the commands.
    case noTab
    case tracePane
    /// The request pane takes the keys; with `tabBusy`, Esc still cancels the tab's request.
    case requestPane(RequestPaneKeys, tabBusy: Bool)
    /// A request is in flight: Esc cancels it.
    case busy
    /// A form takes the keys. With `focused` a field or button has focus, and keys it does not
    /// take do nothing (typing never runs a command); without, the commands take them.
    case form(focused: Bool)
    /// The commands; `overForm` when a form waits behind them (Enter and Tab go back to it).
    case commands(overForm: Bool)

    /// The request pane's keys depend on what has focus and whether its call runs.
    enum RequestPaneKeys: Equatable {
        case running, onCalls, onMethod, onField
    }
}

extension AppState {
    var keyMode: KeyMode {
        guard tabs.indices.contains(activeIndex) else { return .noTab }
        let tab = tabs[activeIndex]
        if tab.tracePane != nil { return .tracePane }
        if requestPaneHasKeys, let pane = tab.requestPane {
            let keys: KeyMode.RequestPaneKeys = switch pane.focus {
            case _ where pane.isRunning: .running
            case .suggestions: .onCalls
            case .method: .onMethod
            case .url, .body: .onField
            }
            return .requestPane(keys, tabBusy: tab.isBusy)
        }
        if tab.isBusy, !tab.isValidating { return .busy }
        let live = tab.hasLiveForm
        if !commandMode, live { return .form(focused: tab.focusedField != nil) }
        return .commands(overForm: live)
    }

    /// The commands of the active tab as help shows them: a DaVinci tab's leave out the
    /// journey-only ones (pressed there, they say why they do nothing).
    var commandKeys: KeyMap<AppAction> {
        guard let tab = activeTab else { return AppKeyMap.commands }
        return AppKeyMap.commands.filter(tab.offers)
    }
}
