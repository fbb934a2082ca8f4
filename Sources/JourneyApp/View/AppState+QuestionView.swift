import Orchestrate
import TerminalKit

/// The yes/no questions: quitting with journeys under way (named, with what each is doing) and
/// closing a tab that is signed in or mid-journey (what happens to its session).
extension AppState {
    func renderQuitQuestion(into canvas: inout Canvas) {
        let underWay = tabs.compactMap { tab in tab.journeyUnderWay.map { "\(TerminalText.line(tab.name)) (\($0))" } }
        let text = "Under way: \(underWay.joined(separator: ", ")). Quitting abandons \(underWay.count == 1 ? "it" : "them")."
        renderQuestion(title: " Quit? ", lines: [text], keys: AppKeyMap.confirmQuit, into: &canvas)
    }

    func renderCloseQuestion(_ question: CloseTabQuestion, into canvas: inout Canvas) {
        renderQuestion(title: " Close tab \"\(question.tabName)\"? ", lines: question.lines, keys: AppKeyMap.confirmClose, into: &canvas)
    }

    /// A box in the middle: the sentences wrapped, a blank line, the keys.
    private func renderQuestion(title: String, lines: [String], keys: KeyMap<DialogAction>, into canvas: inout Canvas) {
        let width = max(10, min(canvas.size.width - 4, 64))
        let wrapped = lines.flatMap { TextWrap.lines($0, width: width - 4) }
        let area = centered(width: width, height: min(canvas.size.height - 2, wrapped.count + 4), in: canvas.bounds)
        canvas.fill(area, role: .dialog)
        let inner = Box(title: title).draw(into: &canvas, in: area)
        for (row, line) in wrapped.prefix(max(0, inner.height - 2)).enumerated() {
            canvas.write(line, x: inner.x + 1, y: inner.y + row, role: .dialog, clip: inner)
        }
        canvas.write(Self.keyLine(keys, width: inner.width - 2), x: inner.x + 1, y: inner.maxY - 1, role: .helpKey, clip: inner)
    }
}
