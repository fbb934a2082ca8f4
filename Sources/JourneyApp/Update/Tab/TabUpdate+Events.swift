import JourneyEngine
import Orchestrate

/// One event for a tab: what every kind does the same (its panes, tokens, trace, banner, name,
/// options) is done here; everything else is the kind's own (`JourneyTab+Update.swift`,
/// `DaVinciTab+Update.swift`).
extension TabUpdate {
    mutating func update(_ event: TabEvent) -> [AppEffect] {
        switch event {
        case .responded(let requestID, let result) where tab.requestPane?.waiting == .response(requestID: requestID):
            return updateRequestPane(.responded(result.mapError(JourneyError.init)))
        case .cookiesRead(let requestID, let jar):
            guard case .cookies(requestID, _)? = tab.requestPane?.waiting else { return [] }
            return updateRequestPane(.cookiesRead(jar))
        case .tokens(let report):
            received(report)
            guard case .tokens? = tab.requestPane?.waiting else { return [] }
            return requestPaneTokens(report)
        case .instanceOpened(let requestID, _):
            // Only the answer to the opening under way counts (the tab may have moved on).
            guard case .busy(let opening) = kind.tabPhase, opening.requestID == requestID, opening.purpose == .open else { return [] }
            return Kind.update(&self, event)
        case .signedOut(.journey(let actions)):
            journeySignedOut(actions)
            return []
        case .signedOut(.davinci(let problems)):
            // A tab that signed off for new options goes on by its kind's rule.
            return flowSignedOff(problems) ? Kind.update(&self, event) : []
        case .storeFailed(let problem):
            tab.banner = ClientTab.Banner(kind: .error, text: problem.message)
            return []
        case .traced(let exchange):
            traced(exchange)
            return []
        case .exported(let result):
            exported(result)
            return []
        case .testSaved(let result):
            testSaved(result)
            return []
        case .open:
            return open()
        case .tracePane(let action):
            return updateTracePane(action)
        case .requestPane(let paneEvent):
            return updateRequestPane(paneEvent)
        case .openTracePane:
            tab.tracePane = TracePane()
            return []
        case .command(let action) where Self.tokenActions.contains(action):
            return tokenAction(action)
        case .command(.copyBrowserAddress):
            return copyBrowserAddress()
        case .tick(let instant):
            kind.tick(at: instant)
            return []
        case .renamed(let name):
            tab.name = name
            return []
        case .notice(let banner):
            tab.banner = banner
            return []
        case .reconfigure(let change):
            return reconfigure(change)
        case .profileRemoved:
            tab.banner = ClientTab.Banner(
                kind: .information, text: "Profile \(tab.profile.profileName ?? "") is no longer in profiles.yaml; this tab keeps its options.")
            tab.profile.profileName = nil
            return []
        case .responded, .pollDue, .sessionInfo, .loggedOut, .storesRead, .flowSignedOn, .start, .restart, .key,
             .command, .switchJourney, .openRequestPane:
            return Kind.update(&self, event)
        }
    }

    /// What a form's key asked for; a key the form did not take (nil) is left to the commands.
    mutating func keyTaken(_ effects: [AppEffect]?) -> [AppEffect] {
        guard let effects else {
            context.keyIgnored = true
            return []
        }
        return effects
    }

    /// The token inspector's commands, the same in every kind of tab.
    static var tokenActions: Set<AppAction> { [.refreshTokens, .revokeTokens, .showUserinfo, .copyAccessToken, .revealTokens] }

    /// `y`: the address a browser page opens, a journey's or a DaVinci flow's, to the clipboard (OSC 52).
    mutating func copyBrowserAddress() -> [AppEffect] {
        guard let address = kind.browserAddress else { return [] }
        tab.banner = ClientTab.Banner(kind: .information, text: "The address to open is on the clipboard (OSC 52).")
        return [.copyToClipboard(address)]
    }

    /// Reads the tab's stored instance first (the runtime answers `.instanceOpened`).
    mutating func open() -> [AppEffect] {
        let requestID = context.requestIDs.make()
        kind.becomeBusy(RequestInFlight(requestID: requestID, purpose: .open))
        return [.tab(id: tab.id, .openInstance(requestID: requestID))]
    }
}
