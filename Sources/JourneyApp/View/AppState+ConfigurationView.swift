import JourneyEngine
import Orchestrate
import TerminalKit

/// The `o` dialog: the profile row, the options by group (each problem under its field), what
/// the focused option means, and what applying would do.
extension AppState {
    /// One line of the dialog's scrolling list.
    private enum ConfigurationRow {
        case profile
        case group(OptionKey.Group)
        case option(OptionKey)
        /// A line of a problem's reason, wrapped under its field so it is read whole.
        case problem(String)
    }

    func renderConfiguration(_ dialog: ConfigurationDialog, into canvas: inout Canvas) {
        // Between the tab bar and the status line: the status line and the help bar stay in view.
        let area = centered(width: min(canvas.size.width - 2, 96), height: canvas.size.height - 3, in: canvas.bounds)
        canvas.fill(area, role: .dialog)
        let title = activeTab.map { " Options · \(TerminalText.line($0.name)) " } ?? " Options "
        let inner = Box(title: title).draw(into: &canvas, in: area)
        let summary = configurationSummary(dialog).flatMap { line in
            TextWrap.lines(line.text, width: max(1, inner.width - 2)).map { (text: $0, role: line.role) }
        }
        let footer = summary.count + 1
        let list = Rect(x: inner.x + 1, y: inner.y, width: inner.width - 2, height: max(1, inner.height - footer))

        let labelWidth = min(29, list.width * 2 / 5)
        var rows: [ConfigurationRow] = [.profile]
        var group: OptionKey.Group?
        for key in dialog.keys {
            if key.group != group {
                group = key.group
                rows.append(.group(key.group))
            }
            rows.append(.option(key))
            if let problem = dialog.problem(for: key) {
                rows += TextWrap.lines("✗ " + problem.reason, width: max(1, list.width - labelWidth)).map(ConfigurationRow.problem)
            }
        }
        let focusedRow = rows.firstIndex { row in
            switch row {
            case .profile: dialog.focusedKey == nil
            case .option(let key): key == dialog.focusedKey
            default: false
            }
        } ?? 0
        // Keep the focused row (and its problem) in view, near the middle when the list scrolls.
        let problemLines = rows.dropFirst(focusedRow + 1).prefix { if case .problem = $0 { true } else { false } }.count
        let middle = max(0, min(focusedRow - list.height / 2, rows.count - list.height))
        let first = min(focusedRow, max(middle, focusedRow + problemLines + 1 - list.height))
        for (offset, row) in rows.dropFirst(first).prefix(list.height).enumerated() {
            let y = list.y + offset
            switch row {
            case .profile:
                let name = dialog.profileName.map { "profile \($0)" } ?? (dialog.edited ? "edited: follows no profile" : "no profile: this tab's own options")
                canvas.write("Profile", x: list.x, y: y, role: .label, clip: list)
                canvas.write("◂ \(TerminalText.line(name)) ▸", x: list.x + labelWidth, y: y,
                             role: dialog.focusedKey == nil ? .fieldFocused : .dialog, clip: list)
            case .group(let group):
                canvas.write("─ \(group.rawValue) ", x: list.x, y: y, role: .title, clip: list)
            case .option(let key):
                let signsOut = key.changesIdentity ? " ●" : ""
                canvas.write(key.rawValue + signsOut, x: list.x + 1, y: y, role: .label, clip: list)
                dialog.fields[key]?.render(into: &canvas, in: Rect(x: list.x + labelWidth, y: y, width: list.width - labelWidth, height: 1),
                                           focused: key == dialog.focusedKey)
            case .problem(let line):
                canvas.write(line, x: list.x + labelWidth, y: y, role: .error, clip: list)
            }
        }
        var y = list.maxY + 1
        for line in summary {
            canvas.write(line.text, x: inner.x + 1, y: y, role: line.role, clip: inner)
            y += 1
        }
    }

    /// What the focused option means, what applying does, and the keys.
    private func configurationSummary(_ dialog: ConfigurationDialog) -> [(text: String, role: ThemeRole)] {
        let about = dialog.focusedKey.map { key -> String in
            let list = key.kind == .list ? " (items separated by \(ConfigurationDialog.listSeparator))" : ""
            return "\(key.rawValue): \(key.summary)\(list)"
        } ?? "←/→ switches the tab to another profile; its options fill the form."
        let outcome: (String, ThemeRole) = switch dialog.outcome {
        case .unchanged:
            ("Nothing changes.", .muted)
        case .invalid(let count):
            ("\(count) value\(count == 1 ? "" : "s") cannot be used; fix \(count == 1 ? "it" : "them") to apply.", .error)
        case .changes(let changed, let signsOut) where signsOut.isEmpty:
            ("Changes \(Self.names(changed)): applied at once, keeping the session, the tokens and the journey.", .information)
        case .changes(let changed, let signsOut):
            ("Changes \(Self.names(changed)). \(Self.names(signsOut)) make a new identity: the tab signs out at "
                + "\(dialog.current.url) first (tokens revoked, session logged out), then starts again."
                + movingTabs(signsOut), .warning)
        }
        let keys = Self.keyLine(dialog.focusedKey == nil ? AppKeyMap.optionsOnProfile : AppKeyMap.options, width: .max)
        return [(TerminalText.line(about), .muted), outcome, (keys + " · ● signs out when changed", .muted)]
    }

    /// The tabs a new server would move with the active one, said before it is applied.
    private func movingTabs(_ signsOut: [OptionKey]) -> String {
        guard let tab = activeTab, signsOut.contains(where: Self.serverKeys.contains) else { return "" }
        let followers = sessionSharers(ofTab: activeIndex, on: tab.profile.server)
        guard !followers.isEmpty else { return "" }
        let one = followers.count == 1
        return " \(Self.names(followers.map { tabs[$0] })) share\(one ? "s" : "") its session store: \(one ? "it moves" : "they move") with it and sign\(one ? "s" : "") out too."
    }

    private static func names(_ keys: [OptionKey]) -> String {
        keys.isEmpty ? "nothing" : keys.map(\.rawValue).joined(separator: ", ")
    }
}
