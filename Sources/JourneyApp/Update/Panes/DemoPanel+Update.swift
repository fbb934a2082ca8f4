import JourneyEngine
import TerminalKit

extension AppState {
    /// Opens the demo panel (`d`) and reads the outbox; without a demo it says the panel is
    /// `journey demo`'s.
    mutating func openDemoPanel() -> [AppEffect] {
        guard demoAccounts != nil else {
            return updatingActiveTab(.notice(ClientTab.Banner(kind: .information, text: "The demo panel is in `journey demo` only.")))
        }
        overlay = .demo(DemoPanel())
        return [.readOutbox]
    }

    /// A key in the demo panel.
    mutating func handleDemoPanel(_ key: KeyEvent, _ panel: DemoPanel) -> [AppEffect] {
        var panel = panel
        let count = panel.outbox?.count ?? 0
        switch AppKeyMap.demoPanel.action(for: key) {
        case .previous?: panel.picked = max(0, panel.picked - 1)
        case .next?: panel.picked = max(0, min(count - 1, panel.picked + 1))
        case .refresh?:
            overlay = .demo(panel)
            return [.readOutbox]
        case .open?:
            guard let outbox = panel.outbox, outbox.indices.contains(panel.picked) else { return [] }
            return resume(from: outbox[panel.picked], panel: panel)
        case .close?:
            overlay = nil
            return []
        case nil: return []
        }
        panel.problem = nil
        overlay = .demo(panel)
        return []
    }

    /// The outbox as read: shown if the panel is still open, the newest link picked.
    mutating func outboxRead(_ mails: [DemoMail]) {
        guard case .demo(var panel)? = overlay else { return }
        let grew = mails.count != panel.outbox?.count
        panel.outbox = mails
        if grew || !mails.indices.contains(panel.picked) { panel.picked = max(0, mails.count - 1) }
        overlay = .demo(panel)
    }

    /// A new tab that resumes the link's journey, with the options of the demo's profile for
    /// that journey (else the active journey tab's), brought to the front. It is named after the
    /// journey and the link ("MagicLink (link)"), apart from the tab that sent the email.
    private mutating func resume(from mail: DemoMail, panel: DemoPanel) -> [AppEffect] {
        var panel = panel
        guard !mail.link.isEmpty else {
            panel.problem = "This email holds no link: its text is what the journey asks for."
            overlay = .demo(panel)
            return []
        }
        let link: ResumeLink
        do {
            link = try ResumeLink(link: mail.link)
        } catch {
            panel.problem = "This link cannot resume a journey: \(error)"
            overlay = .demo(panel)
            return []
        }
        let journeyProfiles = ([activeTab?.profile].compactMap { $0 } + profiles).filter { profile in
            if case .journey = profile.kind { true } else { false }
        }
        guard let base = journeyProfiles.first(where: { $0.request.journeyName == link.journeyName }) ?? journeyProfiles.first,
              let profile = try? ClientProfile(name: Self.resumedTabName(link), options: base.options, request: JourneyRequest(.resume(link)))
        else {
            panel.problem = "No journey profile to resume this link with."
            overlay = .demo(panel)
            return []
        }
        overlay = nil
        activeIndex = addTab(profile)
        // Straight to the link: a session the instance keeps must not stand in for it.
        return start(tab: activeIndex)
    }

    /// The name of a tab that resumes `link`: its journey's, marked as opened from a link.
    static func resumedTabName(_ link: ResumeLink) -> String {
        link.journeyName.map { "\($0) (link)" } ?? "Resumed link"
    }
}
