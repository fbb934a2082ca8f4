import JourneyEngine
import JourneyMaps
import TerminalKit

extension AppState {
    /// `M`: the map of the active tab's journey, its definition read once per server and journey.
    mutating func openMapPane() -> [AppEffect] {
        guard let tab = activeTab else { return [] }
        guard let server = tab.profile.server else {
            overlay = .map(MapPane(tabID: tab.id, key: nil))
            return []
        }
        let journey = tab.journey?.form?.journeyName ?? tab.profile.request.namedJourney ?? tab.profile.options.authServiceName
        let key = JourneyMapKey(server: server, journey: journey, definitions: tab.profile.options.journey.journeyDefinitions)
        overlay = .map(MapPane(tabID: tab.id, key: key))
        guard readsJourneyMaps || !key.definitions.isEmpty else { return [] }
        // Read once; read again when what was read lacks the journey (the server was down, the
        // credential refused, the file not yet exported).
        switch journeyMaps[key] {
        case .reading?: return []
        case .read(let catalog)? where catalog.journey(named: key.journey) != nil: return []
        default: break
        }
        journeyMaps[key] = .reading
        return [.readJourneyMap(key, tls: tab.profile.options.common)]
    }

    /// A key in the map pane: arrows and pages scroll (and stop following the run) from what is
    /// on screen, within the map's edges; Esc closes.
    mutating func handleMapPane(_ key: KeyEvent, _ pane: MapPane) -> [AppEffect] {
        guard let action = AppKeyMap.mapPane.action(for: key) else { return [] }
        var pane = pane
        let shown = mapMemo.shown
        if pane.followsRun, let shown { (pane.left, pane.top) = (shown.left, shown.top) }
        let page = 10
        switch action {
        case .close: overlay = nil; return []
        case .scrollUp: pane.top -= 1
        case .scrollDown: pane.top += 1
        case .scrollLeft: pane.left -= 4
        case .scrollRight: pane.left += 4
        case .pageUp: pane.top -= page
        case .pageDown: pane.top += page
        case .top: pane.top = 0; pane.left = 0
        case .bottom: pane.top = .max / 2
        default: return []
        }
        pane.left = min(max(0, pane.left), shown?.maxLeft ?? .max / 2)
        pane.top = min(max(0, pane.top), shown?.maxTop ?? .max / 2)
        pane.followsRun = false
        overlay = .map(pane)
        return []
    }
}
