import JourneyEngine
import JourneyProfiles
import Orchestrate

/// New options for a tab, as the app worked them out (`AppState+Configuration.swift`): the tab
/// applies them by the SDKs' re-start rules.
public struct Reconfiguration: Sendable {
    /// Why, for the banner ("profiles.yaml: profile bank changed").
    let cause: String
    /// The profile with the new options, or why they cannot be used.
    let profile: Result<ClientProfile, ConfigurationError>
    /// The options that changed, and those of them that make a new identity.
    let changed: [OptionKey]
    let identity: [OptionKey]
    /// False for a tab moved along by another on its session store: that one logs the session out.
    let leading: Bool
    /// The instance the tab becomes when the options are of another kind (one name, one kind).
    let instanceName: String?
    /// The tabs that move with this one, as a sentence ("" when none do).
    let moving: String
}

/// A tab takes new options. A change that makes no new identity applies at once and keeps the
/// session, the tokens and the journey or flow; a new identity signs out what the tab held
/// where it was issued, and the tab starts again on the new options, as a new kind's tab when
/// the profile is of another kind (`ClientTab.update` makes it).
extension TabUpdate {
    mutating func reconfigure(_ change: Reconfiguration) -> [AppEffect] {
        let updated: ClientProfile
        switch change.profile {
        case .success(let profile):
            updated = profile
        case .failure(let error):
            tab.banner = ClientTab.Banner(kind: .error, text: "\(change.cause), but the options cannot be used: \(error.description) Nothing changed.")
            return []
        }
        let old = tab.profile
        let tabID = tab.id
        guard !change.identity.isEmpty else {
            tab.profile = updated
            kind.optionsApplied(updated)
            let what = change.changed.isEmpty ? "nothing to change" : "applied " + Self.list(change.changed)
            let kept = switch kind.tabPhase {
            case .signedIn: "; still \(updated.signedInWord)"
            case .busy, .answering, .polling: "; the \(updated.walkName) goes on"
            case .idle, .ended: ""
            }
            tab.banner = ClientTab.Banner(kind: .information, text: "\(change.cause): \(what)\(kept).")
            return change.changed.isEmpty ? [] : [.tab(id: tabID, .reconnect(keepingCookies: true))]
        }
        var effects: [AppEffect] = []
        if case .busy(let request) = kind.tabPhase { effects.append(.tab(id: tabID, .cancel(requestID: request.requestID))) }
        if let held = kind.held(by: tab, leading: change.leading) {
            effects.append(.tab(id: tabID, .signOut(held)))
        }
        effects.append(.tab(id: tabID, .reconnect(keepingCookies: false)))
        tab.profile = updated
        if let name = change.instanceName { tab.instanceName = name }
        tab.tokens = nil
        tab.userName = nil
        tab.restartNotice = "\(change.cause) (\(Self.list(change.identity)))"
        context.renewal = TabContext.Renewal(
            wasIdle: kind.tabPhase == .idle,
            banner: ClientTab.Banner(
                kind: .information,
                text: "\(change.cause): \(Self.list(change.identity)) make a new identity. Signing out at \(old.origin.absoluteString)…" + change.moving))
        return effects
    }

    static func list(_ keys: [OptionKey]) -> String {
        keys.map(\.rawValue).joined(separator: ", ")
    }
}
