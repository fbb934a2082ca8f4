import Foundation
import JourneyEngine
import JourneyProfiles
import Orchestrate
import TerminalKit

/// A tab's options: the `o` dialog, switching profiles, edits of `profiles.yaml` while the app
/// runs, and the SDKs' re-start rules that decide what each change does to the tab.
extension AppState {
    mutating func openConfiguration() -> [AppEffect] {
        guard let tab = activeTab else { return [] }
        overlay = .configure(ConfigurationDialog(tab: tab, profiles: profiles))
        return []
    }

    /// Applies `profiles.yaml` as saved to every tab that follows one of its profiles; a file
    /// with an error changes nothing, and those tabs say what is wrong and where; a broken
    /// profile changes nothing for its own tabs only.
    mutating func profilesChanged(_ reload: ProfilesReload) -> [AppEffect] {
        switch reload {
        case .failed(let problem):
            let notice = ClientTab.Banner(kind: .error, text: "profiles.yaml was saved with an error; nothing changed. \(problem)")
            return tabs.indices.filter { tabs[$0].profile.profileName != nil }.flatMap { updating(tab: $0, .notice(notice)) }
        case .loaded(let options):
            return profilesLoaded(options, broken: [:])
        case .partlyLoaded(let options, let broken):
            return profilesLoaded(options, broken: broken)
        }
    }

    private mutating func profilesLoaded(_ options: [String: ClientOptions], broken: [String: String]) -> [AppEffect] {
        refreshProfileList(options, keeping: Set(broken.keys))
        var effects: [AppEffect] = []
        for index in tabs.indices {
            guard let name = tabs[index].profile.profileName else { continue }
            if let problem = broken[name] {
                effects += updating(tab: index, .notice(ClientTab.Banner(
                    kind: .error, text: "profiles.yaml: profile \(name) has a problem; this tab keeps its options. \(problem)")))
                continue
            }
            guard let changed = options[name] else {
                effects += updating(tab: index, .profileRemoved)
                continue
            }
            if changed != tabs[index].profile.options {
                effects += reconfigure(tab: index, to: changed, profileName: name, cause: "profiles.yaml: profile \(name) changed")
            }
        }
        return effects
    }

    /// The new-tab dialog offers the file's profiles as saved; a broken one (`keeping`) stays
    /// as it was.
    private mutating func refreshProfileList(_ options: [String: ClientOptions], keeping broken: Set<String>) {
        for (name, options) in options.sorted(by: { $0.key < $1.key }) {
            if let index = profiles.firstIndex(where: { $0.profileName == name }) {
                if let updated = try? profiles[index].applying(options, profileName: name) { profiles[index] = updated }
            } else if let added = try? ClientProfile(name: name, options: options, profileName: name) {
                profiles.append(added)
            }
        }
        profiles.removeAll { profile in profile.profileName.map { options[$0] == nil && !broken.contains($0) } ?? false }
    }

    /// Gives a tab new options by the SDKs' rules. A change of an identity option (`kind`, `url`,
    /// `realm`, `cookieName`, the OAuth client, its redirect URI or scopes; a DaVinci tab's
    /// environment, application, scopes or redirect URI) is a new identity: what the tab held is
    /// signed out where it was issued, and the tab starts again on the new options (a profile of
    /// the other kind makes the tab an instance of that kind). Any other change applies at once
    /// and keeps the session, the tokens and the journey or flow.
    ///
    /// A new server (`url`, `realm`, `cookieName`) moves every journey tab that shares the tab's
    /// session store on the same server with it, so they go on signing in and out together; the
    /// session is logged out once, and each of them revokes its own tokens. `leading` is false
    /// for those tabs.
    mutating func reconfigure(tab index: Int, to options: ClientOptions, profileName: String?, cause: String,
                              leading: Bool = true) -> [AppEffect] {
        let old = tabs[index].profile
        let updated = Result { () throws(ConfigurationError) in try old.applying(options, profileName: profileName) }
        let identity = options.identityChanges(from: old.options)
        let followers = leading && identity.contains(where: Self.serverKeys.contains) ? sessionSharers(ofTab: index, on: old.server) : []
        var instance: String?
        if case .success(let profile) = updated, !identity.isEmpty, !old.isSameKind(as: profile) {
            // One name, one kind: the tab becomes an instance of the new kind, never the old one.
            let tab = tabs[index]
            let plain = instanceName(for: tab.name, ignoringTab: tab.id)
            instance = plain == tab.instanceName
                ? instanceName(for: tab.name + (profile.davinci != nil ? "-davinci" : "-journey"), ignoringTab: tab.id) : plain
        }
        let moving = followers.isEmpty ? "" : " \(Self.names(followers.map { tabs[$0] })) share\(followers.count == 1 ? "s" : "") its session store and move\(followers.count == 1 ? "s" : "") with it."
        var effects = updating(tab: index, .reconfigure(Reconfiguration(
            cause: cause, profile: updated, changed: options.changes(from: old.options), identity: identity, leading: leading,
            instanceName: instance, moving: moving)))
        guard case .success = updated else { return effects }
        let leader = tabs[index].name
        for follower in followers {
            var values = tabs[follower].profile.options.values
            for key in Self.serverKeys { values[key] = options.values[key] }
            guard let moved = try? ClientOptions(values: values) else { continue }
            effects += reconfigure(tab: follower, to: moved, profileName: nil,
                                   cause: "Tab \(TerminalText.line(leader)) moved to a new server; this tab shares its session store, so it moved too",
                                   leading: false)
        }
        return effects
    }

    /// The options that name the server a session belongs to.
    static let serverKeys: Set<OptionKey> = [.url, .realm, .cookieName]

    /// The other journey tabs whose session store is the tab's, on the same server: they sign in
    /// and out with it.
    func sessionSharers(ofTab index: Int, on server: ServerConfiguration?) -> [Int] {
        guard let server else { return [] }
        let store = tabs[index].stores.session
        return tabs.indices.filter { other in
            guard other != index, let theirs = tabs[other].profile.server else { return false }
            return tabs[other].stores.session == store && theirs.baseURL == server.baseURL && theirs.realm == server.realm
        }
    }

    /// Tab names as a sentence lists them: "transactions", "a and b".
    static func names(_ tabs: [ClientTab]) -> String {
        let names = tabs.map { TerminalText.line($0.name) }
        return names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}
