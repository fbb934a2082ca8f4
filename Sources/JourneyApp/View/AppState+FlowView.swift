import DaVinci
import JourneyEngine
import Orchestrate
import Renderer
import TerminalKit

/// A DaVinci tab on screen: what it runs, its form, and the tokens it signed on with.
extension AppState {
    func renderFlowTab(_ tab: ClientTab, _ flow: DaVinciTab, into canvas: inout Canvas, in area: Rect) {
        switch flow.phase {
        case .idle, .ended:
            renderFlowIdle(tab, into: &canvas, in: area)
        case .busy(let request):
            let (formArea, spinnerRow) = area.splitBottom(1)
            renderFlowPage(flow, into: &canvas, in: formArea)
            let what = switch request.purpose {
            case .open: "Discovering the environment's endpoints"
            case .exchange: "Exchanging the code for tokens"
            case .poll: flow.polling.map { "Waiting for approval, poll \($0.attempt) of \($0.retries)" } ?? "Polling"
            case .submit, .validate: "Sending your answers"
            case .start: "Starting the flow"
            }
            // The exchange is not cancelled halfway (`cancelFlowRequest`).
            let cancels = request.purpose == .exchange ? "" : " (Esc cancels)"
            Spinner(message: "\(what)…\(cancels)", frame: request.spinnerFrame).render(into: &canvas, in: spinnerRow, focused: false)
        case .answering:
            renderFlowPage(flow, into: &canvas, in: area)
        case .signedOn:
            _ = renderScrolledPage(tab, into: &canvas, in: area)
        }
    }

    /// The browser page while the flow is in a browser, else the form.
    private func renderFlowPage(_ flow: DaVinciTab, into canvas: inout Canvas, in area: Rect) {
        if let page = flow.browser {
            page.render(into: &canvas, in: area)
        } else {
            flow.form?.render(into: &canvas, in: area)
        }
    }

    /// What the tab runs (environment, application, flow policy) and the keys that run it.
    private func renderFlowIdle(_ tab: ClientTab, into canvas: inout Canvas, in area: Rect) {
        let profile = tab.profile.profileName.map { "profile \($0) · " } ?? ""
        canvas.write("\(profile)DaVinci flow · instance \(tab.instanceName)", x: area.x, y: area.y, role: .title, clip: area)
        let y = writeFlowRows(tab, into: &canvas, in: area)
        _ = Self.writeKeyRows([("Enter", "run the flow"), ("o", "this tab's options")], at: y + 1, into: &canvas, in: area)
    }

    /// Draws the page whole from the top of `area` (`AppState+ScrolledPage` shows it scrolled);
    /// the rows it takes.
    func renderFlowSignedOn(_ tab: ClientTab, into canvas: inout Canvas, in area: Rect) -> Int {
        let who = tab.userName.map { "Signed on as \(TerminalText.line($0))" } ?? "Signed on"
        canvas.write("\(who) · DaVinci flow", x: area.x, y: area.y, role: .success, clip: area)
        var y = writeFlowRows(tab, into: &canvas, in: area) + 1
        if let inspector = tab.tokens { y = renderTokens(inspector, into: &canvas, at: y, in: area) }
        return canvas.writeLines(TextWrap.lines("Enter runs the flow again · l signs off (revoke, end session)", width: area.width),
                                 from: y, in: area, role: .muted) - area.y
    }

    /// The environment, application, flow policy and stores, from the third line; the line after them.
    private func writeFlowRows(_ tab: ClientTab, into canvas: inout Canvas, in area: Rect) -> Int {
        var y = area.y + 2
        for (name, value) in flowRows(tab) {
            canvas.write(name, x: area.x, y: y, role: .label, clip: area)
            canvas.write(value, x: area.x + 15, y: y, role: .normal, clip: area)
            y += 1
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
