import Foundation
import JourneyEngine
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

    mutating func handleConfiguration(_ key: KeyEvent, _ original: ConfigurationDialog) -> [AppEffect] {
        var dialog = original
        if key == .escape {
            overlay = nil
            return []
        }
        guard dialog.update(key) == .activated(0) else {
            overlay = .configure(dialog)
            return []
        }
        guard case .success(let options) = dialog.checked, tabs.indices.contains(activeIndex) else {
            overlay = .configure(dialog)
            return []
        }
        overlay = nil
        let cause = dialog.profileName != dialog.currentProfileName
            ? "Switched to \(dialog.profileName.map { "profile \($0)" } ?? "this tab's own options")"
            : "Options applied"
        return reconfigure(tab: activeIndex, to: options, profileName: dialog.profileName, cause: cause)
    }

    /// Applies `profiles.yaml` as saved to every tab that follows one of its profiles; a file
    /// with an error changes nothing, and those tabs say what is wrong and where.
    mutating func profilesChanged(_ reload: ProfilesReload) -> [AppEffect] {
        switch reload {
        case .failed(let problem):
            for index in tabs.indices where tabs[index].profile.profileName != nil {
                tabs[index].banner = ClientTab.Banner(kind: .error, text: "profiles.yaml was saved with an error; nothing changed. \(problem)")
            }
            return []
        case .loaded(let options):
            refreshProfileList(options)
            var effects: [AppEffect] = []
            for index in tabs.indices {
                guard let name = tabs[index].profile.profileName else { continue }
                guard let changed = options[name] else {
                    tabs[index].banner = ClientTab.Banner(
                        kind: .information, text: "Profile \(name) is no longer in profiles.yaml; this tab keeps its options.")
                    tabs[index].profile.profileName = nil
                    continue
                }
                if changed != tabs[index].profile.options {
                    effects += reconfigure(tab: index, to: changed, profileName: name, cause: "profiles.yaml: profile \(name) changed")
                }
            }
            return effects
        }
    }

    /// The new-tab dialog offers the file's profiles as saved.
    private mutating func refreshProfileList(_ options: [String: ClientOptions]) {
        for (name, options) in options.sorted(by: { $0.key < $1.key }) {
            if let index = profiles.firstIndex(where: { $0.profileName == name }) {
                if let updated = try? profiles[index].applying(options, profileName: name) { profiles[index] = updated }
            } else if let added = try? ClientProfile(name: name, options: options, profileName: name) {
                profiles.append(added)
            }
        }
        profiles.removeAll { profile in profile.profileName.map { options[$0] == nil } ?? false }
    }

    /// Gives a tab new options by the SDKs' rules. A change of `url`, `realm`, `cookieName`,
    /// `oauthClientId`, `oauthRedirectUri` or `oauthScope` is a new identity: what the tab held
    /// is revoked and logged out at the old server, and the tab starts again on the new one.
    /// Any other change applies at once and keeps the session, the tokens and the journey.
    ///
    /// A new server (`url`, `realm`, `cookieName`) moves every journey tab that shares the tab's
    /// session store on the same server with it, so they go on signing in and out together; the
    /// session is logged out once, and each of them revokes its own tokens. `leading` is false
    /// for those tabs.
    mutating func reconfigure(tab index: Int, to options: ClientOptions, profileName: String?, cause: String,
                              leading: Bool = true) -> [AppEffect] {
        let old = tabs[index].profile
        let updated: ClientProfile
        do throws(ConfigurationError) {
            updated = try old.applying(options, profileName: profileName)
        } catch {
            tabs[index].banner = ClientTab.Banner(kind: .error, text: "\(cause), but the options cannot be used: \(error.description) Nothing changed.")
            return []
        }
        if old.isFlow || updated.isFlow { return reconfigureFlow(tab: index, from: old, to: updated, cause: cause) }
        let changed = options.changes(from: old.options)
        let identity = options.identityChanges(from: old.options)
        tabs[index].profile = updated
        let tabID = tabs[index].id
        guard !identity.isEmpty else {
            tabs[index].machine.server = updated.server
            let what = changed.isEmpty ? "nothing to change" : "applied " + Self.list(changed)
            let kept = tabs[index].phase.isSignedIn ? "; still signed in" : tabs[index].isMidJourney ? "; the journey goes on" : ""
            tabs[index].banner = ClientTab.Banner(kind: .information, text: "\(cause): \(what)\(kept).")
            return changed.isEmpty ? [] : [.reconnect(tabID: tabID, keepingCookies: true)]
        }
        var effects: [AppEffect] = []
        if case .busy(let requestID, _, _) = tabs[index].phase {
            effects.append(.cancel(tabID: tabID, requestID: requestID))
        }
        let wasIdle = if case .idle = tabs[index].phase { true } else { false }
        let followers = leading && identity.contains(where: Self.serverKeys.contains) ? sessionSharers(ofTab: index, on: old.server) : []
        let held = HeldIdentity(server: old.server, oauth: old.oauth, tokens: tabs[index].tokens?.tokens,
                                endpoints: tabs[index].tokens?.endpoints, ssoToken: leading ? tabs[index].phase.session?.tokenId : nil,
                                userName: tabs[index].userName)
        effects += [.signOut(tabID: tabID, held), .reconnect(tabID: tabID, keepingCookies: false)]
        tabs[index].dropIdentity()
        if !wasIdle { effects += start(tab: index) }
        let moving = followers.isEmpty ? "" : " \(Self.names(followers.map { tabs[$0] })) share\(followers.count == 1 ? "s" : "") its session store and move\(followers.count == 1 ? "s" : "") with it."
        tabs[index].banner = ClientTab.Banner(
            kind: .information,
            text: "\(cause): \(Self.list(identity)) make a new identity. Signing out at \(old.server.baseURL.absoluteString)…" + moving)
        tabs[index].restartNotice = "\(cause) (\(Self.list(identity)))"
        let leader = tabs[index].name
        for follower in followers {
            var moved = tabs[follower].profile.options
            moved.url = options.url
            moved.realm = options.realm
            moved.cookieName = options.cookieName
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
    func sessionSharers(ofTab index: Int, on server: ServerConfiguration) -> [Int] {
        let store = tabs[index].stores.session
        return tabs.indices.filter { other in
            other != index && tabs[other].profile.flow == nil && tabs[other].stores.session == store
                && tabs[other].profile.server.baseURL == server.baseURL && tabs[other].profile.server.realm == server.realm
        }
    }

    /// Tab names as a sentence lists them: "transactions", "a and b".
    static func names(_ tabs: [ClientTab]) -> String {
        let names = tabs.map { TerminalText.line($0.name) }
        return names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    /// The old identity is signed out: the tab says where it runs now, and what was revoked
    /// at the old server.
    mutating func signedOut(_ actions: [SignOutAction], tab index: Int) {
        let cause = tabs[index].restartNotice ?? "Options changed"
        tabs[index].restartNotice = nil
        let server = tabs[index].profile.server
        let done = actions.compactMap { action -> String? in
            switch action {
            case .tokensRevoked(let url, let clientId):
                "tokens of \(TerminalText.line(clientId)) revoked at \(Self.path(url))"
            case .sessionLoggedOut(let url, _, let user, let alreadyEnded):
                "session\(user.map { " of \(TerminalText.line($0))" } ?? "") " + (alreadyEnded ? "had already ended" : "logged out at \(Self.path(url))")
            case .storesCleared:
                nil
            case .failed(let what):
                "could not finish \(what)"
            }
        }
        let failed = actions.contains { if case .failed = $0 { true } else { false } }
        tabs[index].banner = ClientTab.Banner(
            kind: failed ? .error : .information,
            text: "\(cause). Now on \(tabs[index].profile.isFlow ? "the PingOne environment at \(server.baseURL.absoluteString)" : "\(server.baseURL.absoluteString), realm \(server.realm)"). Signed out at the old server: "
                + (done.isEmpty ? "nothing was held there." : done.joined(separator: "; ") + "."))
    }

    /// An endpoint's path: the banner names the old server once.
    private static func path(_ url: String) -> String {
        URL(string: url)?.path ?? url
    }

    private static func list(_ keys: [OptionKey]) -> String {
        keys.map(\.rawValue).joined(separator: ", ")
    }
}

extension ClientTab.Phase {
    var isSignedIn: Bool { session != nil }

    /// The session of a signed-in tab.
    var session: LoginSuccess? {
        if case .signedIn(let success) = self { return success }
        return nil
    }
}
