import DaVinci
import JourneyEngine
import Orchestrate
import Renderer
import TerminalKit

/// A DaVinci tab on screen: what it runs, its form, and the tokens it signed on with.
extension AppState {
    /// What the tab runs (environment, application, flow policy) and the keys that run it, drawn
    /// whole from the top of `area` (`AppState+ScrolledPage` shows it scrolled); the rows it takes.
    func renderFlowIdle(_ tab: ClientTab, into canvas: inout Canvas, in area: Rect) -> Int {
        let profile = tab.profile.profileName.map { "profile \($0) · " } ?? ""
        let title = "\(profile)DaVinci flow · instance \(tab.instanceName)"
        let y = canvas.writeLines(TextWrap.lines(title, width: area.width), from: area.y, in: area, role: .title)
        let rowsEnd = writeFlowRows(tab, from: y + 1, into: &canvas, in: area)
        return Self.writeKeyRows([("Enter", "run the flow"), ("o", "this tab's options")], at: rowsEnd + 1, into: &canvas, in: area) - area.y
    }

    /// Draws the page whole from the top of `area` (`AppState+ScrolledPage` shows it scrolled);
    /// the rows it takes.
    func renderFlowSignedOn(_ tab: ClientTab, into canvas: inout Canvas, in area: Rect) -> Int {
        let who = tab.userName.map { "Signed on as \(TerminalText.line($0))" } ?? "Signed on"
        canvas.write("\(who) · DaVinci flow", x: area.x, y: area.y, role: .success, clip: area)
        var y = writeFlowRows(tab, from: area.y + 2, into: &canvas, in: area) + 1
        if let inspector = tab.tokens { y = renderTokens(inspector, into: &canvas, at: y, in: area) }
        return canvas.writeLines(TextWrap.lines("Enter runs the flow again · l signs off (revoke, end session)", width: area.width),
                                 from: y, in: area, role: .muted) - area.y
    }

    /// The environment, application, flow policy and stores from line `top`, values wrapped; the line after them.
    private func writeFlowRows(_ tab: ClientTab, from top: Int, into canvas: inout Canvas, in area: Rect) -> Int {
        var y = top
        for (name, value) in flowRows(tab) {
            y = Self.writeRow(name, value, role: .normal, valueColumn: 15, at: y, into: &canvas, in: area)
        }
        return y
    }

    private func flowRows(_ tab: ClientTab) -> [(String, String)] {
        guard let flow = tab.profile.davinci else { return [] }
        return [
            ("environment", TerminalText.line(flow.discoveryEndpoint.absoluteString)),
            ("application", TerminalText.line(flow.oauth.clientId) + " · scopes " + TerminalText.line(flow.oauth.scope)),
            ("flow policy", flow.acrValues.isEmpty ? "the application's default" : TerminalText.line(flow.acrValues.joined(separator: " "))),
            ("stores", "\(tab.stores.session), \(tab.stores.tokens)"),
        ]
    }
}

/// A DaVinci tab on screen: its form, its spinner, or its page drawn whole.
extension DaVinciTab {
    func render(_ tab: ClientTab, in state: AppState, into canvas: inout Canvas, in area: Rect) {
        switch phase {
        case .idle, .ended, .signedOn:
            _ = state.renderScrolledPage(tab, into: &canvas, in: area)
        case .busy(let request):
            let (formArea, spinnerRow) = area.splitBottom(1)
            renderPage(into: &canvas, in: formArea)
            let what = switch request.purpose {
            case .open: "Discovering the environment's endpoints"
            case .exchange: "Exchanging the code for tokens"
            case .poll: polling.map { "Waiting for approval, poll \($0.attempt) of \($0.retries)" } ?? "Polling"
            case .submit, .validate: "Sending your answers"
            case .start: "Starting the flow"
            }
            // The exchange is not cancelled halfway (`cancelFlowRequest`).
            let cancels = request.purpose == .exchange ? "" : " (Esc cancels)"
            Spinner(message: "\(what)…\(cancels)", frame: request.spinnerFrame).render(into: &canvas, in: spinnerRow, focused: false)
        case .answering:
            renderPage(into: &canvas, in: area)
        }
    }

    /// The browser page while the flow is in a browser, else the form.
    private func renderPage(into canvas: inout Canvas, in area: Rect) {
        if let page = browser {
            page.render(into: &canvas, in: area)
        } else {
            form?.render(into: &canvas, in: area)
        }
    }

    /// What the flow runs, or the tokens it signed on with.
    func wholePage(_ tab: ClientTab, in state: AppState, width: Int) -> (content: Canvas, height: Int)? {
        var content = Canvas(size: Size(width: width, height: AppState.pageRows))
        let area = content.bounds
        let height: Int
        switch phase {
        case .idle, .ended: height = state.renderFlowIdle(tab, into: &content, in: area)
        case .signedOn: height = state.renderFlowSignedOn(tab, into: &content, in: area)
        case .busy, .answering: return nil
        }
        return (content, height)
    }

    func stageText(_ tab: TabShared) -> String {
        let name = form?.step.formName ?? ""
        return "in flow" + (name.isEmpty ? "" : " · " + TerminalText.line(name))
    }

    static var label: String? { "DaVinci" }
}
