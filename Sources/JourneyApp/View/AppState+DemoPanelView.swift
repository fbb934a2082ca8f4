import Foundation
import Orchestrate
import TerminalKit

/// The demo panel (`d`) over the tab: the demo's users and passwords, each TOTP secret's code
/// with the seconds it has left (from the last tick's time), and the outbox of the journeys'
/// emails. The outbox is the demo AM's text: `Canvas.write` neutralises it.
///
/// ```
/// ┌ Demo · users, one-time codes, outbox ──────────────────────┐
/// │ Demo AM (journeys)                                          │
/// │   demo    Demo-pass1   TOTP 282760  17 s                     │
/// │ Outbox: the journeys' emails · Enter on a link resumes its… │
/// │ ▸ 12 s ago  to demo@example.com                             │
/// │     http://127.0.0.1:8180/am/XUI/?realm=/&…&suspendedId=…   │
/// ```
extension AppState {
    func renderDemoPanel(_ panel: DemoPanel, into canvas: inout Canvas) {
        let area = Rect(x: 0, y: 1, width: canvas.size.width, height: max(3, canvas.size.height - 2))
        canvas.fill(area, role: .dialog)
        let inner = Box(title: "Demo · users, one-time codes, outbox").draw(into: &canvas, in: area)
        let text = Rect(x: inner.x + 1, y: inner.y, width: max(1, inner.width - 2), height: inner.height)
        var y = text.y
        guard let accounts = demoAccounts else { return }
        canvas.write("Demo AM (journeys)", x: text.x, y: y, role: .title, clip: text)
        y += 1
        let nameWidth = accounts.journeyUsers.map(\.username.count).max() ?? 0
        let passwordWidth = accounts.journeyUsers.map(\.password.count).max() ?? 0
        for account in accounts.journeyUsers {
            let name = account.username.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            let password = account.password.padding(toLength: passwordWidth, withPad: " ", startingAt: 0)
            let x = canvas.write("  \(name)  \(password)", x: text.x, y: y, role: .dialog, clip: text)
            if let secret = account.totpSecret, let code = TimeBasedCode(secret: secret) {
                // The secret only where it fits whole (the code and its countdown always do).
                let shown = "  TOTP \(code.code(at: date))  \(code.secondsLeft(at: date)) s"
                let withSecret = shown + "  (secret \(secret))"
                _ = canvas.write(x + TextWidth.of(withSecret) <= text.maxX ? withSecret : shown, x: x, y: y, role: .information, clip: text)
            }
            y += 1
        }
        if let administrator = accounts.administrator {
            let x = canvas.write("  \(administrator.username) \(administrator.password)", x: text.x, y: y, role: .dialog, clip: text)
            // What the administrator is for, as much of it as fits whole.
            let said = ["  administrator: reads journey definitions (journey map)", "  reads journey definitions"]
                .first { x + TextWidth.of($0) <= text.maxX }
            if let said { canvas.write(said, x: x, y: y, role: .muted, clip: text) }
            y += 1
        }
        canvas.write("Demo PingOne (DaVinci flows)", x: text.x, y: y, role: .title, clip: text)
        y += 1
        // A user and their password stay on one line together.
        let flowUsers = accounts.flowUsers.map { "\($0.username) \($0.password)" }
        for line in Self.packed(flowUsers, width: text.width - 2) where y < text.maxY {
            canvas.write("  " + line, x: text.x, y: y, role: .dialog, clip: text)
            y += 1
        }
        y += 1
        renderOutbox(panel, into: &canvas, in: Rect(x: text.x, y: y, width: text.width, height: max(0, text.maxY - y)))
    }

    /// The outbox under its title: two lines a mail (when, to whom; the link, else the text), as many as fit
    /// with the picked one in view, and the problem of the last Enter, if any.
    private func renderOutbox(_ panel: DemoPanel, into canvas: inout Canvas, in area: Rect) {
        guard area.height > 0 else { return }
        let title = "Outbox: the journeys' emails"
        let withKey = title + " · Enter on a link resumes its journey in a new tab"
        canvas.write(TextWidth.of(withKey) <= area.width ? withKey : title, x: area.x, y: area.y, role: .title, clip: area)
        var y = area.y + 1
        if let problem = panel.problem {
            canvas.write(problem, x: area.x, y: y, role: .error, clip: area)
            y += 1
        }
        guard let outbox = panel.outbox else {
            canvas.write("  Reading the outbox…", x: area.x, y: y, role: .muted, clip: area)
            return
        }
        guard !outbox.isEmpty else {
            canvas.write("  Empty: MagicLink's links and SecondFactor's emailed codes (j in a tab) come here.", x: area.x, y: y, role: .muted, clip: area)
            return
        }
        let fits = max(1, (area.maxY - y) / 2)
        let first = max(0, min(panel.picked - fits + 1, outbox.count - fits))
        for index in first..<min(outbox.count, first + fits) {
            let mail = outbox[index]
            let picked = index == panel.picked
            let role: ThemeRole = picked ? .selection : .dialog
            canvas.write("\(picked ? "▸" : " ") \(Self.age(of: mail.sentAt, at: date))  to \(mail.to)", x: area.x, y: y, role: role, clip: area)
            let line = mail.link.isEmpty ? TerminalText.line(mail.text) : mail.link
            canvas.write("    " + TextWrap.truncated(line, width: max(1, area.width - 4)), x: area.x, y: y + 1, role: .muted, clip: area)
            y += 2
        }
    }

    /// How long ago, from the last tick's time: "12 s ago", "3 min ago".
    static func age(of sent: Date, at now: Date) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(sent)))
        return seconds < 60 ? "\(seconds) s ago" : seconds < 3_600 ? "\(seconds / 60) min ago" : "\(seconds / 3_600) h ago"
    }
}

extension AppState {
    /// In `journey demo`, a page that says an email was sent (a suspended journey, MagicLink's)
    /// points to the outbox in the demo panel.
    var demoOutboxNote: String? {
        guard demoAccounts != nil, activeTab?.journey?.form?.step.isSuspended == true else { return nil }
        return "The demo AM keeps the emails it sends: Esc d opens the demo panel; Enter on the link there resumes the journey in a new tab."
    }

    /// `units` on as few lines of `width` as they fit, " · " between them, none split (a unit
    /// wider than a line is wrapped on its own).
    static func packed(_ units: [String], width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for unit in units {
            let joined = current.isEmpty ? unit : current + " · " + unit
            if TextWidth.of(joined) <= width {
                current = joined
                continue
            }
            if !current.isEmpty { lines.append(current) }
            if TextWidth.of(unit) <= width {
                current = unit
            } else {
                lines += TextWrap.lines(unit, width: max(1, width))
                current = ""
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
