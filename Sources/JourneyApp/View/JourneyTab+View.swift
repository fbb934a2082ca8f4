import Orchestrate
import JourneyEngine
import Renderer
import TerminalKit

/// A journey tab on screen: what it offers, its page, or its session.
extension JourneyTab {
    func render(_ tab: ClientTab, in state: AppState, into canvas: inout Canvas, in area: Rect) {
        switch phase {
        case .idle, .signedIn, .ended:
            _ = state.renderScrolledPage(tab, into: &canvas, in: area)
        case .busy(let request):
            let (formArea, spinnerRow) = area.splitBottom(1)
            form?.render(into: &canvas, in: formArea)
            let what = switch request.purpose {
            case .open: "Opening the instance \(tab.instanceName)"
            case .start: "Starting \(tab.profile.request.journeyName ?? "the journey")"
            case .submit: "Sending your answers"
            case .validate: "Checking the field"
            case .poll: "Checking again"
            case .exchange: "Exchanging the code for tokens"
            }
            Spinner(message: "\(what)… (Esc cancels)", frame: request.spinnerFrame).render(into: &canvas, in: spinnerRow, focused: false)
        case .answering, .polling:
            guard let expiry = form?.expiresAt, area.height > 4 else {
                form?.render(into: &canvas, in: area)
                return
            }
            let (formArea, clockRow) = area.splitBottom(1)
            form?.render(into: &canvas, in: formArea)
            var (text, role) = AppState.stepCountdown(until: expiry, now: state.date)
            if let clock = form?.step.serverClock, clock.isNotable { text += " (\(clock.shortDescription))" }
            canvas.write(text, x: clockRow.x, y: clockRow.y, role: role, clip: clockRow)
        }
    }

    /// An idle tab's offer, the signed-in page, or the page an ended journey stopped on.
    func wholePage(_ tab: ClientTab, in state: AppState, width: Int) -> (content: Canvas, height: Int)? {
        var content = Canvas(size: Size(width: width, height: AppState.pageRows))
        let area = content.bounds
        let server = machine.server
        let height: Int
        switch phase {
        case .idle: height = state.renderIdle(tab, on: server, into: &content, in: area)
        case .signedIn(let success): height = state.renderSession(success, of: tab, self, on: server, into: &content, in: area)
        case .ended:
            // The page the journey ended on, under the banner that says why, as tall as it is.
            guard let page = form?.whole(width: width) else { return nil }
            return (page, page.size.height)
        case .busy, .answering, .polling: return nil
        }
        return (content, height)
    }

    func stageText(_ tab: TabShared) -> String {
        let stage = form?.step.readableStage.map(TerminalText.line) ?? tab.profile.request.journeyName ?? "journey"
        return "in journey · \(stage)"
    }

    static var label: String? { nil }
}
