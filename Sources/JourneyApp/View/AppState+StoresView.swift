import Foundation
import JourneyEngine
import Orchestrate
import TerminalKit

/// Which open tabs share which store: the marks tabs on one session store carry in the tab bar,
/// and the stores panel (`p`), a small diagram per store with what it holds, so a demo audience
/// sees why signing out of one tab signed out another.
///
/// ```
/// ┌ Stores · preset step-up (journey) ──────────────────────────────┐
/// │ session ◆ "session" ──┬── standard             demo signed in   │
/// │                       └── transactions                          │
/// │ tokens  "tokens-standard" ── standard          expire in 59 min │
/// │ tokens  "tokens-transactions" ── transactions  expire in 4 min  │
/// │ cookies one per tab                                             │
/// ```
extension AppState {
    /// The marks of shared session stores, handed out in the order the stores first appear
    /// (and again from the start when there are more shared stores than marks).
    static let sessionMarks = ["◆", "●", "▲", "■", "★", "✚"]

    /// The mark of every session store that more than one open tab uses, by store name.
    var sharedSessionMarks: [String: String] {
        var users: [String: Int] = [:]
        for tab in tabs { users[tab.stores.session, default: 0] += 1 }
        var marks: [String: String] = [:]
        for tab in tabs where users[tab.stores.session, default: 0] > 1 && marks[tab.stores.session] == nil {
            marks[tab.stores.session] = Self.sessionMarks[marks.count % Self.sessionMarks.count]
        }
        return marks
    }

    /// A piece of a panel line in its own role.
    private struct Segment {
        let text: String
        let role: ThemeRole
    }

    /// A line of a store's diagram: the store and a tab, then what the store holds (first line only).
    private struct DiagramLine {
        let left: [Segment]
        let holds: Segment?

        var leftWidth: Int { left.reduce(0) { $0 + TextWidth.of($1.text) } }
    }

    /// The panel's lines at this text width: session stores, token stores, cookie stores, then
    /// the sharing rules (wrapped); what each store holds starts in one column where it can.
    private func storesPanelLines(width: Int) -> [[Segment]] {
        let marks = sharedSessionMarks
        var diagrams: [DiagramLine] = []
        for use in storeUses(\.session) {
            diagrams += diagram(kind: "session", mark: marks[use.store], store: use.store, tabs: use.tabs,
                                holds: sessionHolder(of: use.tabs))
        }
        for use in storeUses(\.tokens) {
            diagrams += diagram(kind: "tokens", mark: nil, store: use.store, tabs: use.tabs, holds: tokenExpiry(of: use.tabs))
        }
        let cookies = storeUses(\.cookies)
        for use in cookies where use.tabs.count > 1 {
            diagrams += diagram(kind: "cookies", mark: nil, store: use.store, tabs: use.tabs, holds: nil)
        }
        if cookies.contains(where: { $0.tabs.count == 1 }) {
            let which = cookies.allSatisfy { $0.tabs.count == 1 } ? "one per tab" : "one per tab for the other tabs"
            diagrams.append(DiagramLine(left: [Segment(text: Self.kindColumn("cookies"), role: .title),
                                               Segment(text: which, role: .dialog)], holds: nil))
        }
        // What stores hold starts two columns after the widest left part that leaves it room,
        // or on a line of its own, under the store names, when the store's line is full.
        let room = width - 2 - (diagrams.compactMap { $0.holds.map { TextWidth.of($0.text) } }.max() ?? 0)
        let column = diagrams.filter { $0.holds != nil && $0.leftWidth <= room }.map(\.leftWidth).max() ?? 0
        var lines: [[Segment]] = []
        for line in diagrams {
            guard let holds = line.holds else {
                lines.append(line.left)
                continue
            }
            let start = max(column, line.leftWidth) + 2
            if start + TextWidth.of(holds.text) <= width {
                lines.append(line.left + [Segment(text: String(repeating: " ", count: start - line.leftWidth), role: .dialog), holds])
            } else {
                let indent = max(0, min(max(column + 2, Self.kindColumn("").count + 2), width - TextWidth.of(holds.text)))
                lines += [line.left, [Segment(text: String(repeating: " ", count: indent), role: .dialog), holds]]
            }
        }
        lines.append([])
        for rule in sharingRules() {
            lines += TextWrap.lines(rule, width: max(1, width)).map { [Segment(text: $0, role: .muted)] }
        }
        return lines
    }

    /// The panel's title: the presets the open tabs use.
    private var storesPanelTitle: String {
        let presets = presetsInUse.map(\.rawValue)
        let named = presets.isEmpty ? "" : " · \(presets.count == 1 ? "preset" : "presets") \(presets.joined(separator: ", "))"
        let davinci = tabs.filter { $0.profile.davinci != nil }.count
        let kinds = davinci == 0 ? "journey" : davinci == tabs.count ? "davinci" : "journey, davinci"
        return "Stores\(named) (\(kinds))"
    }

    /// How far the panel can scroll: as far as the smallest screen the UI draws needs.
    var storesScrollLimit: Int {
        let smallest = Self.minimumSize
        let lines = storesPanelLines(width: Self.storesTextWidth(screenWidth: smallest.width)).count
        return max(0, lines - Self.storesRows(screenHeight: smallest.height, lineCount: .max))
    }

    func renderStores(scroll: Int, into canvas: inout Canvas) {
        let width = Self.storesTextWidth(screenWidth: canvas.size.width)
        let lines = storesPanelLines(width: width)
        let rows = Self.storesRows(screenHeight: canvas.size.height, lineCount: lines.count)
        let area = centered(width: width + 4, height: rows + 3, in: canvas.bounds)
        canvas.fill(area, role: .dialog)
        let inner = Box(title: storesPanelTitle).draw(into: &canvas, in: area)
        let text = Rect(x: inner.x + 1, y: inner.y, width: inner.width - 2, height: rows)
        let first = min(max(0, scroll), max(0, lines.count - rows))
        for (row, line) in lines.dropFirst(first).prefix(rows).enumerated() {
            var x = text.x
            for segment in line { x = canvas.write(segment.text, x: x, y: text.y + row, role: segment.role, clip: text) }
            if line.reduce(0, { $0 + TextWidth.of($1.text) }) > text.width {
                canvas.write("…", x: text.maxX - 1, y: text.y + row, role: .muted, clip: text)
            }
        }
        let position = lines.count > rows ? " · ↑↓ PgUp PgDn · lines \(first + 1)–\(first + rows) of \(lines.count)" : ""
        canvas.write("p/Esc closes\(position)", x: text.x, y: inner.maxY - 1, role: .muted, clip: inner)
    }

    /// Columns of text in the panel on a screen this wide: inside a border and a space each side.
    private static func storesTextWidth(screenWidth: Int) -> Int {
        min(screenWidth - 4, 78) - 4
    }

    /// Text rows the panel shows on a screen this high: all its lines when they fit, inside a
    /// border and above the footer line.
    private static func storesRows(screenHeight: Int, lineCount: Int) -> Int {
        max(1, min(screenHeight - 5, lineCount))
    }

    /// Each store of one kind the open tabs use, with its tabs, in the order stores first appear.
    private func storeUses(_ kind: KeyPath<InstanceStores, String>) -> [(store: String, tabs: [ClientTab])] {
        var uses: [(store: String, tabs: [ClientTab])] = []
        for tab in tabs {
            let store = tab.stores[keyPath: kind]
            if let index = uses.firstIndex(where: { $0.store == store }) { uses[index].tabs.append(tab) } else {
                uses.append((store, [tab]))
            }
        }
        return uses
    }

    /// `session ◆ "session" ──┬── standard` with what the store holds, then one line per further tab.
    private func diagram(kind: String, mark: String?, store: String, tabs: [ClientTab], holds: Segment?) -> [DiagramLine] {
        let head = [Segment(text: Self.kindColumn(kind) + (mark.map { "\($0) " } ?? ""), role: .title),
                    Segment(text: "\"\(TerminalText.line(store))\" ", role: .dialog)]
        let headWidth = head.reduce(0) { $0 + TextWidth.of($1.text) }
        return tabs.map { TerminalText.line($0.name) }.enumerated().map { index, name in
            let branch = switch index {
            case 0: tabs.count == 1 ? "── " : "──┬── "
            case tabs.count - 1: "└── "
            default: "├── "
            }
            let lead = index == 0 ? head : [Segment(text: String(repeating: " ", count: headWidth + 2), role: .dialog)]
            return DiagramLine(left: lead + [Segment(text: branch, role: .muted), Segment(text: name, role: .dialog)],
                               holds: index == 0 ? holds : nil)
        }
    }

    private static func kindColumn(_ kind: String) -> String {
        kind.padding(toLength: 8, withPad: " ", startingAt: 0)
    }

    /// Who the tabs on a session store show signed in.
    private func sessionHolder(of tabs: [ClientTab]) -> Segment {
        var users: [String] = []
        for tab in tabs {
            guard tab.phase == .signedIn else { continue }
            let user = TerminalText.line(tab.userName ?? "?")
            if !users.contains(user) { users.append(user) }
        }
        return users.isEmpty ? Segment(text: "nobody signed in", role: .muted)
            : Segment(text: "\(users.joined(separator: ", ")) signed in", role: .success)
    }

    /// When the tokens a token store holds expire, as the tabs on it last read them.
    private func tokenExpiry(of tabs: [ClientTab]) -> Segment {
        guard let expiresAt = tabs.lazy.compactMap({ $0.tokens?.tokens?.expiresAt }).first else {
            let none = tabs.allSatisfy { $0.profile.oauth == nil } ? "no OAuth client" : "no tokens"
            return Segment(text: none, role: .muted)
        }
        let left = ReadableDuration.seconds(from: date, to: expiresAt)
        return left > 0 ? Segment(text: "expire in \(ReadableDuration.text(seconds: left))", role: .dialog)
            : Segment(text: "expired \(ReadableDuration.text(seconds: left)) ago", role: .warning)
    }

    /// The presets of the open tabs, in the order they first appear.
    private var presetsInUse: [StoragePreset] {
        tabs.reduce(into: []) { presets, tab in
            if !presets.contains(tab.profile.options.preset) { presets.append(tab.profile.options.preset) }
        }
    }

    /// One line per preset in use, one per tab whose options name its stores, and what sharing means.
    private func sharingRules() -> [String] {
        var rules = presetsInUse.map { "\($0.rawValue): \($0.summary)." }
        if presetsInUse.contains(where: { $0 != .shared }) {
            rules.append("A tab is the instance named after the tab as it opened (renaming keeps the stores).")
        }
        for tab in tabs {
            let byPreset = tab.profile.options.preset.storeNames(forInstance: tab.instanceName, kind: tab.profile.options.kind)
            if byPreset.session != tab.stores.session || byPreset.tokens != tab.stores.tokens {
                rules.append("\(TerminalText.line(tab.name)): its options name its stores, not the preset.")
            }
        }
        rules.append(sharedSessionMarks.isEmpty ? "No two tabs share a session store: each signs in and out alone."
            : "Tabs with one mark share a session store: they sign in and out together.")
        if tabs.contains(where: { $0.profile.davinci != nil }) {
            rules.append("DaVinci tabs keep their stores apart from journeys'; those sharing a token store sign on and off together.")
        }
        return rules
    }
}
