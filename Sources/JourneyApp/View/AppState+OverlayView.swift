import JourneyEngine
import Renderer
import TerminalKit

/// The overlays drawn over the tab: help, quit, close, rename, new tab, another journey, options, stores.
extension AppState {
    func renderOverlay(_ overlay: Overlay, into canvas: inout Canvas) {
        switch overlay {
        case .help(let scroll):
            renderHelp(scroll: scroll, into: &canvas)
        case .confirmQuit:
            renderQuitQuestion(into: &canvas)
        case .confirmClose(let question):
            renderCloseQuestion(question, into: &canvas)
        case .copied(let copied):
            renderCopied(copied, into: &canvas)
        case .rename(let dialog):
            let area = centered(width: 50, height: 6, in: canvas.bounds)
            canvas.fill(area, role: .dialog)
            let inner = Box(title: " Rename tab ").draw(into: &canvas, in: area)
            dialog.name.render(into: &canvas, in: Rect(x: inner.x + 1, y: inner.y, width: inner.width - 2, height: 2), focused: true)
            canvas.write(Self.keyLine(AppKeyMap.rename, width: inner.width - 2), x: inner.x + 1, y: inner.maxY - 1, role: .muted, clip: inner)
        case .newTab(let dialog):
            renderNewTab(dialog, into: &canvas)
        case .configure(let dialog):
            renderConfiguration(dialog, into: &canvas)
        case .stores(let scroll):
            renderStores(scroll: scroll, into: &canvas)
        case .logs(let scroll):
            renderLogPane(scroll: scroll, into: &canvas)
        case .demo(let panel):
            renderDemoPanel(panel, into: &canvas)
        case .map(let pane):
            renderMapPane(pane, into: &canvas)
        case .switchJourney(let dialog):
            let width = min(canvas.size.width - 4, 60)
            let height = min(canvas.size.height - 2, dialog.journeys.height(forWidth: width - 4) + 7)
            // A list taller than the screen leaves it: it scrolls to the highlighted journey.
            let listHeight = max(1, height - 7)
            let area = centered(width: width, height: height, in: canvas.bounds)
            canvas.fill(area, role: .dialog)
            let inner = Box(title: " Journey in this tab ").draw(into: &canvas, in: area)
            dialog.journeys.render(into: &canvas, in: Rect(x: inner.x + 1, y: inner.y, width: inner.width - 2, height: listHeight),
                                   focused: !dialog.focusOnName)
            dialog.name.render(into: &canvas, in: Rect(x: inner.x + 1, y: inner.y + listHeight + 1, width: inner.width - 2, height: 2),
                               focused: dialog.focusOnName)
            canvas.write(Self.keyLine(AppKeyMap.switchJourney, width: inner.width - 2), x: inner.x + 1, y: inner.maxY - 1, role: .muted,
                         clip: inner)
        }
    }

    private func renderNewTab(_ dialog: NewTabDialog, into canvas: inout Canvas) {
        let width = min(canvas.size.width - 4, 70)
        // Borders, the gap under the list, the storage and key lines; the other server's fields; a problem.
        let otherRows = (dialog.wantsOtherServer ? 12 : 5) + (dialog.problem == nil ? 0 : 1)
        let height = min(canvas.size.height - 2, dialog.profiles.height(forWidth: width - 4) + otherRows)
        let area = centered(width: width, height: height, in: canvas.bounds)
        canvas.fill(area, role: .dialog)
        let inner = Box(title: " New tab ").draw(into: &canvas, in: area).inset(by: 0)
        var y = inner.y
        // Under the list: the other server's three fields (a blank row apart when there is room),
        // a problem, the storage and key lines. Nothing is drawn over another.
        let bottomRows = 2 + (dialog.problem == nil ? 0 : 1)
        let fieldStride = dialog.wantsOtherServer && inner.height >= 1 + 1 + 9 + bottomRows ? 3 : 2
        let fieldRows = dialog.wantsOtherServer ? 3 * fieldStride : 0
        // A list taller than its room scrolls to the highlighted profile.
        let gap = inner.height - bottomRows - fieldRows > 2 ? 1 : 0
        let listHeight = max(1, inner.height - bottomRows - fieldRows - gap)
        dialog.profiles.render(into: &canvas, in: Rect(x: inner.x + 1, y: y, width: inner.width - 2, height: listHeight),
                               focused: dialog.focus == 0)
        y += listHeight + gap
        if dialog.wantsOtherServer {
            for (index, field) in [dialog.url, dialog.realm, dialog.journey].enumerated() where y + 2 <= inner.maxY - bottomRows {
                field.render(into: &canvas, in: Rect(x: inner.x + 1, y: y, width: inner.width - 2, height: 2),
                             focused: dialog.focus == index + 1)
                y += fieldStride
            }
        }
        if let problem = dialog.problem {
            canvas.write(problem, x: inner.x + 1, y: inner.maxY - 3, role: .error, clip: inner)
        }
        let preset = dialog.preset.map { "◂ \($0.rawValue) ▸ \($0.summary)" } ?? "◂ as the profile says ▸"
        canvas.write("Storage \(preset)", x: inner.x + 1, y: inner.maxY - 2, role: dialog.preset == nil ? .muted : .information, clip: inner)
        let keys = dialog.focus == 0 ? AppKeyMap.newTabOnList : AppKeyMap.newTabOnField
        canvas.write(Self.keyLine(keys, width: inner.width - 2), x: inner.x + 1, y: inner.maxY - 1, role: .muted, clip: inner)
    }

    func centered(width: Int, height: Int, in bounds: Rect) -> Rect {
        Rect(x: max(0, (bounds.width - width) / 2), y: max(0, (bounds.height - height) / 2), width: width, height: height)
    }
}
