import Renderer
import TerminalKit

/// One group of keys in the `?` overlay: a key map under a title.
struct HelpSection: Equatable {
    let title: String
    let items: [HelpItem]

    init<Action>(_ title: String, _ keys: KeyMap<Action>) {
        self.title = title
        items = keys.helpItems
    }

    /// A section of two maps' keys: a form's own, then the app's in it.
    init<First, Second>(_ title: String, _ first: KeyMap<First>, _ second: KeyMap<Second>) {
        self.title = title
        items = first.helpItems + second.helpItems
    }
}

/// One line of the overlay: a section's title, or a binding's keys (on its first line) and words.
struct HelpLine: Equatable {
    var keys = ""
    var text: String
    var isTitle = false
}

/// The help bar and the `?` overlay, both made from the key maps that handle the keys
/// (`KeyMode`): the bar drops whole entries when it is short, the overlay wraps its words and
/// lays the sections out in as many columns as fit, scrolling when they do not.
extension AppState {
    /// Every key map of a tab, as the overlay lists them: those in front first.
    var helpSections: [HelpSection] {
        let tab = activeTab
        let inFront: [String] = switch keyMode {
        case .noTab: [Self.commandsTitle]
        case .tracePane: [Self.traceTitle]
        case .requestPane(let keys, let tabBusy):
            (tabBusy ? [Self.busyTitle] : []) + (keys == .running ? [Self.runningTitle] : [Self.requestTitle])
                + (keys == .onCalls ? [Self.onCallsTitle] : []) + (keys == .onMethod ? [Self.onMethodTitle] : [])
        case .busy: [Self.busyTitle]
        case .form(focused: true): [Self.formTitle]
        case .form(focused: false): [Self.formTitle, Self.commandsTitle]
        case .commands(overForm: true): [Self.overFormTitle, Self.commandsTitle]
        case .commands(overForm: false): [Self.withoutFormTitle, Self.commandsTitle]
        }
        let all = Self.helpSections { tab?.offers($0) ?? true }
        return inFront.compactMap { title in all.first { $0.title == title } } + all.filter { !inFront.contains($0.title) }
    }

    private static let commandsTitle = "Commands (Esc leaves a form)"
    private static let formTitle = "In a form"
    private static let overFormTitle = "Commands over a form"
    private static let withoutFormTitle = "Commands with no form"
    private static let busyTitle = "While a request is in flight"
    private static let traceTitle = "Trace pane (e)"
    private static let logTitle = "Log pane (m)"
    private static let demoTitle = "Demo panel (d, journey demo)"
    private static let requestTitle = "Request pane (a)"
    private static let onCallsTitle = "Request pane, on the list of calls"
    private static let onMethodTitle = "Request pane, on the method"
    private static let runningTitle = "Request pane, while the call runs"

    /// Every key map of a tab that does what `offers` says (a DaVinci tab has neither the
    /// journey-only commands nor the request pane), in the order the overlay lists what is not
    /// in front.
    static func helpSections(offers: (AppAction) -> Bool) -> [HelpSection] {
        let commands = AppKeyMap.commands.filter(offers)
        let requestPane = !offers(.callAPI) ? [] : [
            HelpSection(requestTitle, AppKeyMap.requestPane),
            HelpSection(onCallsTitle, AppKeyMap.requestPaneOnCalls),
            HelpSection(onMethodTitle, AppKeyMap.requestPaneOnMethod),
            HelpSection(runningTitle, AppKeyMap.requestPaneRunning),
        ]
        return [
            HelpSection("Everywhere, also while typing", AppKeyMap.global),
            HelpSection(formTitle, FormLayout.keys, AppKeyMap.form),
            HelpSection("In a text field (other keys are typed)", TextField.keys),
            HelpSection("In a list of options", RadioList.keys),
            HelpSection("On a checkbox", Checkbox.keys),
            HelpSection("On a row of buttons", ButtonRow.keys),
            HelpSection("In scrolled text (terms)", ScrollText.keys),
            HelpSection(commandsTitle, commands),
            HelpSection(overFormTitle, AppKeyMap.commandsOverForm),
            HelpSection(withoutFormTitle, AppKeyMap.commandsWithoutForm),
            HelpSection(busyTitle, AppKeyMap.busy),
            HelpSection(traceTitle, AppKeyMap.trace),
            HelpSection(logTitle, AppKeyMap.logPane),
            HelpSection(demoTitle, AppKeyMap.demoPanel),
        ] + requestPane + dialogSections + [HelpSection("In this help", AppKeyMap.helpOverlay)]
    }

    /// The dialogs' and panels' maps, which also show in each one's key line and the help bar.
    static var dialogSections: [HelpSection] {
        [
            HelpSection("Quit? (a journey under way)", AppKeyMap.confirmQuit),
            HelpSection("Close tab? (signed in, or a journey under way)", AppKeyMap.confirmClose),
            HelpSection("Copied text (OSC 52 unconfirmed: tmux, screen)", AppKeyMap.copied),
            HelpSection("Rename tab", AppKeyMap.rename),
            HelpSection("New tab, on the list of profiles", AppKeyMap.newTabOnList),
            HelpSection("New tab, in a field", AppKeyMap.newTabOnField),
            HelpSection("Journey in this tab", AppKeyMap.switchJourney),
            HelpSection("Options, on the profile row", AppKeyMap.optionsOnProfile),
            HelpSection("Options, in a field", AppKeyMap.options),
            HelpSection("Stores panel (p)", AppKeyMap.stores),
            HelpSection("Map pane (M)", AppKeyMap.mapPane),
        ]
    }

    /// The help bar's entries for what is in front, from the same key maps that handle the keys.
    func helpBarItems() -> [HelpItem] {
        switch overlay {
        case .help?: return AppKeyMap.helpOverlay.helpBarItems
        case .confirmQuit?: return AppKeyMap.confirmQuit.helpBarItems
        case .confirmClose?: return AppKeyMap.confirmClose.helpBarItems
        case .copied?: return AppKeyMap.copied.helpBarItems
        case .rename?: return AppKeyMap.rename.helpBarItems
        case .newTab(let dialog)?: return (dialog.focus == 0 ? AppKeyMap.newTabOnList : AppKeyMap.newTabOnField).helpBarItems
        case .switchJourney?: return AppKeyMap.switchJourney.helpBarItems
        case .configure(let dialog)?: return (dialog.focusedKey == nil ? AppKeyMap.optionsOnProfile : AppKeyMap.options).helpBarItems
        case .stores?: return AppKeyMap.stores.helpBarItems
        case .logs?: return AppKeyMap.logPane.helpBarItems
        case .demo?: return AppKeyMap.demoPanel.helpBarItems
        case .map?: return AppKeyMap.mapPane.helpBarItems
        case nil: break
        }
        return switch keyMode {
        case .noTab: AppKeyMap.commands.helpBarItems
        case .tracePane: AppKeyMap.trace.helpBarItems
        case .requestPane(let keys, let tabBusy): (tabBusy ? AppKeyMap.busy.helpBarItems : []) + Self.requestPaneKeys(keys).helpBarItems
        case .busy: AppKeyMap.busy.helpBarItems + AppKeyMap.global.helpBarItems
        case .form: FormLayout.keys.helpBarItems + AppKeyMap.form.helpBarItems + AppKeyMap.global.helpBarItems
        case .commands: commandKeys.helpBarItems
        }
    }

    /// A dialog's keys on one line, `Enter save · Esc cancel`: whole entries, as many as fit.
    static func keyLine<Action>(_ keys: KeyMap<Action>, width: Int) -> String {
        HelpBar.fitting(keys.helpBarItems, width: width, gap: 3).map(\.barText).joined(separator: " · ")
    }

    /// The overlay's lines in columns `width` wide: a section's title, then each binding's keys
    /// and words, the words wrapped beside the keys (below them when the keys are too wide).
    static func helpColumns(_ sections: [HelpSection], width: Int, columns: Int) -> [[HelpLine]] {
        let keyWidth = helpKeyWidth(columnWidth: width)
        var laid = Array(repeating: [HelpLine](), count: max(1, columns))
        for section in sections {
            var lines = TextWrap.lines(section.title, width: width).map { HelpLine(text: $0, isTitle: true) }
            for item in section.items {
                let keys = TextWidth.of(item.keys) <= keyWidth - 1 ? item.keys : ""
                if keys.isEmpty {
                    lines += TextWrap.lines(item.keys, width: width - 1).map { HelpLine(keys: $0, text: "") }
                }
                let words = TextWrap.lines(item.overlayText, width: width - 1 - keyWidth)
                lines += words.enumerated().map { HelpLine(keys: $0.offset == 0 ? keys : "", text: $0.element) }
            }
            // Each section goes whole into the shortest column so far (the first on a tie).
            let shortest = laid.indices.min { laid[$0].count < laid[$1].count } ?? 0
            laid[shortest] += lines
        }
        return laid
    }

    /// How many columns of help fit in `width`, and how wide each is (two columns apart).
    static func helpColumnLayout(width: Int) -> (count: Int, width: Int) {
        let count = width >= 70 ? 2 : 1
        return (count, (width - 2 * (count - 1)) / count)
    }

    /// How wide the keys are in a column: the words start after them.
    private static func helpKeyWidth(columnWidth: Int) -> Int {
        min(15, columnWidth * 2 / 5)
    }

    /// How far the overlay can scroll: as far as the smallest screen the UI draws needs.
    var helpScrollLimit: Int {
        let smallest = Self.minimumSize
        let (_, columns, lines) = helpGeometry(in: Rect(x: 0, y: 0, width: smallest.width, height: smallest.height))
        return max(0, (lines.map(\.count).max() ?? 0) - (columns.first?.height ?? 0))
    }

    /// Where the overlay goes: centred, as tall as its rows (within the screen, above the help bar).
    private static func helpArea(in bounds: Rect, rows: Int) -> Rect {
        let width = min(bounds.width - 4, 110)
        let height = min(bounds.height - 2, rows == .max ? .max : rows + 2)
        return Rect(x: max(0, (bounds.width - width) / 2), y: max(0, (bounds.height - height) / 2), width: width, height: height)
    }

    /// Where the overlay's columns are on a screen of `bounds`, and its lines.
    func helpGeometry(in bounds: Rect) -> (area: Rect, columns: [Rect], lines: [[HelpLine]]) {
        let outer = Self.helpArea(in: bounds, rows: .max)
        let layout = Self.helpColumnLayout(width: outer.width - 4)
        let lines = Self.helpColumns(helpSections, width: layout.width, columns: layout.count)
        let area = Self.helpArea(in: bounds, rows: lines.map(\.count).max() ?? 0)
        let inner = area.inset(by: 1)
        let columns = (0..<layout.count).map { Rect(x: inner.x + 1 + $0 * (layout.width + 2), y: inner.y, width: layout.width, height: inner.height) }
        return (area, columns, lines)
    }

    func renderHelp(scroll: Int, into canvas: inout Canvas) {
        let (area, columns, lines) = helpGeometry(in: canvas.bounds)
        let rows = lines.map(\.count).max() ?? 0
        canvas.fill(area, role: .dialog)
        let inner = Box(title: " Keys ").draw(into: &canvas, in: area)
        let top = max(0, min(scroll, rows - inner.height))
        for (column, clip) in zip(lines, columns) {
            let keyWidth = Self.helpKeyWidth(columnWidth: clip.width)
            for (row, line) in column.dropFirst(top).prefix(inner.height).enumerated() {
                let y = clip.y + row
                if line.isTitle {
                    canvas.write(line.text, x: clip.x, y: y, role: .title, clip: clip)
                } else {
                    canvas.write(line.keys, x: clip.x + 1, y: y, role: .helpKey, clip: clip)
                    canvas.write(line.text, x: clip.x + 1 + keyWidth, y: y, role: .dialog, clip: clip)
                }
            }
        }
        if top > 0 { canvas.write(" ↑ more ", x: area.maxX - 10, y: area.y, role: .muted, clip: area) }
        if top + inner.height < rows { canvas.write(" ↓ more ", x: area.maxX - 10, y: area.maxY - 1, role: .muted, clip: area) }
    }
}
