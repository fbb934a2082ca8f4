/// The row of client tabs at the top of the screen:
/// ` 1 ✓ ◆ standard · signed in as demo │ 2 ◆ transactions · idle │ 3 ⚠ insecure lab · idle `.
///
/// The active tab is `.tabActive`, the others `.tabInactive`, separators and the rest of the
/// row `.tabBar`. When the row is too narrow, details are shortened first (other tabs' before
/// the active one's), then titles, with "…"; if the tabs still do not fit, only those nearest
/// the active tab are shown. The active tab is always visible.
public struct TabBar: DisplayWidget, Hashable {
    /// One client tab.
    public struct Tab: Sendable, Hashable {
        /// What the tab's journey is doing, shown as a mark after its number.
        public enum Status: Sendable, Hashable {
            /// No mark.
            case idle
            /// "↻": a request or poll is under way.
            case busy
            /// "✓".
            case signedIn
            /// "✗".
            case error
        }

        public var title: String
        /// Server, user, state: "127.0.0.1 · signed in as demo".
        public var detail: String
        public var status: Status
        /// Shown in `.error` before the title and never shortened: "⚠ insecure".
        public var warning: String?
        /// Shown just before the title and never shortened: "◆" on every tab that shares one store.
        public var marker: String?

        public init(title: String, detail: String = "", status: Status = .idle, warning: String? = nil, marker: String? = nil) {
            self.title = title
            self.detail = detail
            self.status = status
            self.warning = warning
            self.marker = marker
        }
    }

    public var tabs: [Tab]
    public var active: Int

    public init(tabs: [Tab], active: Int = 0) {
        self.tabs = tabs
        self.active = active
    }

    public func height(forWidth width: Int) -> Int {
        1
    }

    public func render(into canvas: inout Canvas, in area: Rect, focused: Bool) {
        let row = area.splitTop(1).top
        canvas.fill(row, role: .tabBar)
        var x = row.x
        for (index, parts) in labels(width: row.width) {
            if x > row.x { x = canvas.write("│", x: x, y: row.y, role: .tabBar, clip: row) }
            let role: ThemeRole = index == active ? .tabActive : .tabInactive
            x = canvas.write(parts.lead, x: x, y: row.y, role: role, clip: row)
            if let warning = parts.warning { x = canvas.write(warning, x: x, y: row.y, role: .error, clip: row) }
            x = canvas.write(parts.rest, x: x, y: row.y, role: role, clip: row)
        }
    }

    /// Columns each part of the tabs may take.
    private struct Budget {
        var inactiveDetail: Int
        var activeDetail: Int
        var inactiveTitle: Int
        var activeTitle: Int
    }

    /// The tabs to show and their text at this width.
    private func labels(width: Int) -> [(index: Int, parts: LabelParts)] {
        guard !tabs.isEmpty else { return [] }
        let all = 0...(tabs.count - 1)
        var budget = shortened(all, width: width)
        guard !fits(budget, all, width: width) else { return all.map { ($0, label($0, budget)) } }
        // Too many tabs even at their shortest: grow a run of tabs outwards from the active one
        // while it fits, then shorten only as much as that run needs.
        let centre = min(max(0, active), tabs.count - 1)
        var shown = centre...centre
        var grew = true
        while grew {
            grew = false
            if shown.upperBound + 1 < tabs.count, fits(budget, shown.lowerBound...shown.upperBound + 1, width: width) {
                shown = shown.lowerBound...shown.upperBound + 1
                grew = true
            }
            if shown.lowerBound > 0, fits(budget, shown.lowerBound - 1...shown.upperBound, width: width) {
                shown = shown.lowerBound - 1...shown.upperBound
                grew = true
            }
        }
        budget = shortened(shown, width: width)
        return shown.map { ($0, label($0, budget)) }
    }

    /// Shortens one part after another (inactive details, the active detail, inactive titles,
    /// the active title), each just as far as needed: the widest budget that fits, found by
    /// halving, or the least when none does.
    private func shortened(_ shown: ClosedRange<Int>, width: Int) -> Budget {
        let widest = tabs.reduce(0) { max($0, TextWidth.of($1.title), TextWidth.of($1.detail)) }
        var budget = Budget(inactiveDetail: widest, activeDetail: widest, inactiveTitle: widest, activeTitle: widest)
        let steps: [(part: WritableKeyPath<Budget, Int>, least: Int)] = [
            (\.inactiveDetail, 0), (\.activeDetail, 0), (\.inactiveTitle, 1), (\.activeTitle, 1),
        ]
        for step in steps where !fits(budget, shown, width: width) {
            var low = step.least
            var high = budget[keyPath: step.part]
            while low < high {
                let middle = (low + high + 1) / 2
                budget[keyPath: step.part] = middle
                if fits(budget, shown, width: width) { low = middle } else { high = middle - 1 }
            }
            budget[keyPath: step.part] = low
        }
        return budget
    }

    /// Whether these tabs, side by side with one separator between each pair, fit.
    private func fits(_ budget: Budget, _ shown: ClosedRange<Int>, width: Int) -> Bool {
        shown.reduce(shown.count - 1) { $0 + label($1, budget).width } <= width
    }

    /// A tab's label in the pieces drawn in their own roles: " 2 ✓ ", "⚠ insecure", " ◆ title · detail ".
    private struct LabelParts {
        let lead: String
        let warning: String?
        let rest: String

        var width: Int { TextWidth.of(lead) + (warning.map(TextWidth.of) ?? 0) + TextWidth.of(rest) }
    }

    /// " 2 ✓ ⚠ insecure ◆ title · detail ", title and detail shortened to the budget (a detail with
    /// no room is left out); the warning and the marker are kept whole.
    private func label(_ index: Int, _ budget: Budget) -> LabelParts {
        let tab = tabs[index]
        let isActive = index == active
        let title = TextWrap.truncated(tab.title, width: isActive ? budget.activeTitle : budget.inactiveTitle)
        let detail = TextWrap.truncated(tab.detail, width: isActive ? budget.activeDetail : budget.inactiveDetail)
        let mark = switch tab.status {
        case .idle: ""
        case .busy: " ↻"
        case .signedIn: " ✓"
        case .error: " ✗"
        }
        return LabelParts(lead: " \(index + 1)\(mark) ", warning: tab.warning,
                          rest: (tab.warning == nil ? "" : " ") + (tab.marker.map { "\($0) " } ?? "") + title
                              + (detail.isEmpty ? "" : " · \(detail)") + " ")
    }
}
