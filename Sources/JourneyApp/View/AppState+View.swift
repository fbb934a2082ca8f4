import JourneyEngine
import Renderer
import TerminalKit

extension AppState {
    /// The smallest screen the UI draws into; below it a notice says so.
    public static let minimumSize = Size(width: 60, height: 16)

    /// The whole screen for this state. Pure: same state and size, same canvas.
    public func render(size: Size) -> Canvas {
        var canvas = Canvas(size: size)
        guard size.width >= Self.minimumSize.width, size.height >= Self.minimumSize.height else {
            let notice = "Terminal too small (need \(Self.minimumSize.width)×\(Self.minimumSize.height), have \(size))"
            for (row, line) in TextWrap.lines(notice, width: max(1, size.width)).enumerated() where row < size.height {
                canvas.write(line, x: max(0, (size.width - TextWidth.of(line)) / 2), y: min(size.height - 1, size.height / 2 + row),
                             role: .warning)
            }
            return canvas
        }
        let (top, rest) = canvas.bounds.splitTop(1)
        let (body, bottom) = rest.splitBottom(1)
        TabBar(tabs: tabs.map(Self.tabBarEntry), active: activeIndex).render(into: &canvas, in: top, focused: false)
        var content = body
        if let notice = noticeLine() {
            let (line, remainder) = content.splitTop(1)
            canvas.fill(line, role: notice.role)
            canvas.write(TextWrap.truncated(notice.text, width: line.width - 2), x: line.x + 1, y: line.y, role: notice.role)
            content = remainder
        }
        renderContent(into: &canvas, in: content.inset(by: 1))
        HelpBar(items: helpItems().map { HelpItem(keys: $0.keys, help: $0.help) }).render(into: &canvas, in: bottom, focused: false)
        let typing = tabs.indices.contains(activeIndex) && (formIsLive(activeIndex) || isValidating(activeIndex))
        if commandMode || overlay != nil || !typing {
            canvas.cursor = nil
        }
        if let overlay { renderOverlay(overlay, into: &canvas) }
        return canvas
    }

    private static func tabBarEntry(_ tab: ClientTab) -> TabBar.Tab {
        let host = tab.profile.server.hostDescription
        switch tab.phase {
        case .idle:
            return TabBar.Tab(title: tab.name, detail: "\(host) · idle", status: .idle)
        case .busy:
            return TabBar.Tab(title: tab.name, detail: "\(host) · \(stageText(tab))", status: .busy)
        case .answering, .polling:
            return TabBar.Tab(title: tab.name, detail: "\(host) · \(stageText(tab))", status: .idle)
        case .signedIn:
            let who = tab.userName.map { "signed in as \($0)" } ?? "signed in"
            return TabBar.Tab(title: tab.name, detail: "\(host) · \(who)", status: .signedIn)
        case .ended:
            return TabBar.Tab(title: tab.name, detail: "\(host) · error", status: .error)
        }
    }

    private static func stageText(_ tab: ClientTab) -> String {
        let stage = tab.form?.step.stage.map(TerminalText.line) ?? tab.profile.request.journeyName ?? "journey"
        return "in journey · \(stage)"
    }

    private func noticeLine() -> (text: String, role: ThemeRole)? {
        if let banner = activeTab?.banner {
            return (banner.text, banner.kind == .error ? .error : .information)
        }
        return hint.map { ($0, .information) }
    }

    private func renderContent(into canvas: inout Canvas, in area: Rect) {
        guard let tab = activeTab else {
            canvas.write("No tabs open. Press n to open one, q to quit.", x: area.x, y: area.y, role: .muted)
            return
        }
        switch tab.phase {
        case .idle:
            let journey = tab.profile.request.journeyName ?? "the default journey"
            canvas.write("Press Enter to start \(journey) on \(tab.profile.server.hostDescription) (realm \(tab.profile.server.realm)).",
                         x: area.x, y: area.y, role: .normal, clip: area)
        case .busy(_, let purpose, let frame):
            let (formArea, spinnerRow) = area.splitBottom(1)
            tab.form?.render(into: &canvas, in: formArea)
            let what = switch purpose {
            case .start: "Starting \(tab.profile.request.journeyName ?? "the journey")"
            case .submit: "Sending your answers"
            case .validate: "Checking the field"
            case .poll: "Checking again"
            }
            Spinner(message: "\(what)… (Esc cancels)", frame: frame).render(into: &canvas, in: spinnerRow, focused: false)
        case .answering, .polling:
            tab.form?.render(into: &canvas, in: area)
        case .signedIn(let success):
            renderSession(success, of: tab, into: &canvas, in: area)
        case .ended:
            if let form = tab.form { form.render(into: &canvas, in: area) }
        }
    }

    private func renderSession(_ success: LoginSuccess, of tab: ClientTab, into canvas: inout Canvas, in area: Rect) {
        let who = tab.userName.map { "Signed in as \(TerminalText.line($0))" } ?? "Signed in"
        var y = area.y
        canvas.write(success.tokenId == nil ? "Journey complete (no session was created)" : who,
                     x: area.x, y: y, role: .success, clip: area)
        y += 2
        let rows: [(String, String)] = [
            ("realm", TerminalText.line(success.realm ?? "?")),
            ("successUrl", TerminalText.line(success.successUrl ?? "?")),
            ("cookie", tab.profile.server.cookieName),
            ("SSO token", success.tokenId.map { Redaction.token(TerminalText.line($0)) } ?? "none (noSession)"),
            ("server", tab.profile.server.baseURL.absoluteString),
        ]
        for (name, value) in rows {
            canvas.write(name, x: area.x, y: y, role: .label, clip: area)
            canvas.write(value, x: area.x + 12, y: y, role: .normal, clip: area)
            y += 1
        }
        switch tab.sessionInfo {
        case .success(let info)?:
            canvas.write("AM says", x: area.x, y: y, role: .label, clip: area)
            canvas.write(TerminalText.line("\(info.username) in \(info.realm) · idle expiry \(info.maxIdleExpirationTime ?? "?") · ends \(info.maxSessionExpirationTime ?? "?")"),
                         x: area.x + 12, y: y, role: .information, clip: area)
            y += 1
        case .failure(let error)?:
            canvas.write("AM says", x: area.x, y: y, role: .label, clip: area)
            canvas.write(error.description, x: area.x + 12, y: y, role: .error, clip: area)
            y += 1
        case nil:
            break
        }
        y += 1
        if let inspector = tab.tokens {
            y = renderTokens(inspector, into: &canvas, at: y, in: area)
        }
        canvas.write("Enter restarts the journey · i asks AM about the session · l logs out", x: area.x, y: y, role: .muted, clip: area)
    }

    /// The token inspector: values hidden until asked, expiry counting down, the claims that say
    /// how the person authenticated, each labelled verified or not.
    private func renderTokens(_ inspector: TabTokens, into canvas: inout Canvas, at top: Int, in area: Rect) -> Int {
        var y = top
        func row(_ name: String, _ value: String, role: ThemeRole = .normal) {
            canvas.write(name, x: area.x, y: y, role: .label, clip: area)
            canvas.write(TerminalText.line(value), x: area.x + 15, y: y, role: role, clip: area)
            y += 1
        }
        canvas.write("OAuth 2.0 tokens", x: area.x, y: y, role: .title, clip: area)
        y += 1
        if let tokens = inspector.tokens {
            func shown(_ value: String) -> String { inspector.valuesRevealed ? value : Redaction.token(value) }
            let seconds = Int(tokens.expiresAt.timeIntervalSince(date).rounded(.down))
            row("access token", shown(tokens.accessToken) + (seconds > 0 ? " · expires in \(seconds) s" : " · expired"),
                role: seconds > 0 ? .normal : .warning)
            row("refresh token", tokens.refreshToken.map(shown) ?? "none")
            if let claims = TokenClaims.decode(tokens.accessToken) {
                row("claims", "decoded, not verified: " + Self.highlightedClaims(claims), role: .information)
            }
            if let idClaims = inspector.idTokenClaims {
                switch idClaims.trust {
                case .verified: row("ID token", "✓ verified · " + Self.highlightedClaims(idClaims.claims), role: .success)
                case .unverified(let reason): row("ID token", "✗ unverified: " + reason, role: .warning)
                }
            }
            if let info = inspector.userinfo {
                let pairs = (info.objectValue ?? [:]).map { "\($0.key) \($0.value.stringValue ?? $0.value.jsonText)" }
                row("userinfo", pairs.joined(separator: " · "))
            }
            canvas.write("t refresh · v revoke · u userinfo · c copy access token · x \(inspector.valuesRevealed ? "hide" : "show") values",
                         x: area.x, y: y, role: .muted, clip: area)
            y += 1
        }
        if let activity = inspector.activity {
            canvas.write(activity, x: area.x, y: y, role: .spinner, clip: area)
            y += 1
        }
        if let problem = inspector.problem {
            canvas.write(TerminalText.line(problem), x: area.x, y: y, role: .error, clip: area)
            y += 1
        }
        return y + 1
    }

    /// `sub demo · auth_level 10 · amr pwd, otp · acr SecondFactor · scope openid profile`.
    static func highlightedClaims(_ claims: JSONValue) -> String {
        ["sub", "auth_level", "amr", "acr", "scope"].compactMap { key -> String? in
            guard let value = claims[key] else { return nil }
            let text = value.arrayValue.map { $0.compactMap(\.stringValue).joined(separator: ", ") }
                ?? value.stringValue ?? value.jsonText
            return "\(key) \(text)"
        }.joined(separator: " · ")
    }

    /// The keys that matter right now, from the same key maps that handle them.
    func helpItems() -> [(keys: String, help: String)] {
        guard let tab = activeTab else { return AppKeyMap.commands.helpBarItems }
        if overlay != nil { return [("Esc", "close")] }
        if tab.isBusy { return AppKeyMap.busy.helpBarItems + [("Alt-1…9", "tabs"), ("Ctrl-C", "quit")] }
        if !commandMode, tabs.indices.contains(activeIndex), formIsLive(activeIndex) {
            return AppKeyMap.form.helpBarItems + [("Alt-1…9", "tabs"), ("Ctrl-C", "quit")]
        }
        return AppKeyMap.commands.helpBarItems
    }

    private func renderOverlay(_ overlay: Overlay, into canvas: inout Canvas) {
        switch overlay {
        case .help:
            let groups: [(String, [(keys: String, help: String)])] = [
                ("Everywhere", AppKeyMap.global.overlayItems),
                ("In a form", AppKeyMap.form.overlayItems),
                ("Commands (after Esc)", AppKeyMap.commands.overlayItems),
                ("While a request is in flight", AppKeyMap.busy.overlayItems),
            ]
            // Groups fill a column top to bottom; a group that does not fit starts the next column.
            let width = min(canvas.size.width - 4, 78)
            let height = min(canvas.size.height - 2, 3 + groups.map { $0.1.count + 1 }.reduce(0, +))
            let area = centered(width: width, height: height, in: canvas.bounds)
            canvas.fill(area, role: .dialog)
            let inner = Box(title: " Keys ").draw(into: &canvas, in: area)
            let rowsPerColumn = inner.height - 1
            let columns = rowsPerColumn >= groups.map { $0.1.count + 1 }.reduce(0, +) ? 1 : 2
            let columnWidth = (inner.width - 1) / columns
            let keyColumn = min(16, columnWidth / 2)
            var column = 0
            var row = 0
            for (title, items) in groups {
                if row > 0, row + items.count + 1 > rowsPerColumn, column + 1 < columns {
                    column += 1
                    row = 0
                }
                let x = inner.x + 1 + column * columnWidth
                let clip = Rect(x: x, y: inner.y, width: columnWidth - 1, height: rowsPerColumn)
                canvas.write(title, x: x, y: inner.y + row, role: .title, clip: clip)
                row += 1
                for item in items where row < rowsPerColumn {
                    canvas.write(TextWrap.truncated(item.keys, width: keyColumn - 1), x: x + 1, y: inner.y + row,
                                 role: .helpKey, clip: clip)
                    canvas.write(item.help, x: x + 1 + keyColumn, y: inner.y + row, role: .dialog, clip: clip)
                    row += 1
                }
            }
            canvas.write("Esc closes", x: inner.x + 1, y: inner.maxY - 1, role: .muted, clip: inner)
        case .confirmQuit:
            let area = centered(width: 52, height: 5, in: canvas.bounds)
            canvas.fill(area, role: .dialog)
            let inner = Box(title: " Quit? ").draw(into: &canvas, in: area)
            canvas.write("A journey is in progress. Quit anyway?", x: inner.x + 1, y: inner.y, role: .dialog, clip: inner)
            canvas.write("y quit · n stay", x: inner.x + 1, y: inner.y + 2, role: .helpKey, clip: inner)
        case .rename(let field):
            let area = centered(width: 50, height: 6, in: canvas.bounds)
            canvas.fill(area, role: .dialog)
            let inner = Box(title: " Rename tab ").draw(into: &canvas, in: area)
            field.render(into: &canvas, in: Rect(x: inner.x + 1, y: inner.y, width: inner.width - 2, height: 2), focused: true)
            canvas.write("Enter saves · Esc cancels", x: inner.x + 1, y: inner.maxY - 1, role: .muted, clip: inner)
        case .newTab(let dialog):
            renderNewTab(dialog, into: &canvas)
        case .switchJourney(let dialog):
            let width = min(canvas.size.width - 4, 60)
            let listHeight = dialog.journeys.height(forWidth: width - 4)
            let area = centered(width: width, height: min(canvas.size.height - 2, listHeight + 7), in: canvas.bounds)
            canvas.fill(area, role: .dialog)
            let inner = Box(title: " Journey in this tab ").draw(into: &canvas, in: area)
            dialog.journeys.render(into: &canvas, in: Rect(x: inner.x + 1, y: inner.y, width: inner.width - 2, height: listHeight),
                                   focused: !dialog.focusOnName)
            dialog.name.render(into: &canvas, in: Rect(x: inner.x + 1, y: inner.y + listHeight + 1, width: inner.width - 2, height: 2),
                               focused: dialog.focusOnName)
            canvas.write("Enter starts it · Tab moves · Esc cancels", x: inner.x + 1, y: inner.maxY - 1, role: .muted, clip: inner)
        }
    }

    private func renderNewTab(_ dialog: NewTabDialog, into canvas: inout Canvas) {
        let width = min(canvas.size.width - 4, 70)
        let listHeight = dialog.profiles.height(forWidth: width - 4)
        let height = min(canvas.size.height - 2, listHeight + (dialog.wantsOtherServer ? 11 : 4) + (dialog.problem == nil ? 0 : 1))
        let area = centered(width: width, height: height, in: canvas.bounds)
        canvas.fill(area, role: .dialog)
        let inner = Box(title: " New tab ").draw(into: &canvas, in: area).inset(by: 0)
        var y = inner.y
        dialog.profiles.render(into: &canvas, in: Rect(x: inner.x + 1, y: y, width: inner.width - 2, height: listHeight),
                               focused: dialog.focus == 0)
        y += listHeight + 1
        if dialog.wantsOtherServer {
            for (index, field) in [dialog.url, dialog.realm, dialog.journey].enumerated() {
                field.render(into: &canvas, in: Rect(x: inner.x + 1, y: y, width: inner.width - 2, height: 2),
                             focused: dialog.focus == index + 1)
                y += 3
            }
        }
        if let problem = dialog.problem {
            canvas.write(problem, x: inner.x + 1, y: min(y, inner.maxY - 2), role: .error, clip: inner)
        }
        canvas.write("Enter opens · Tab moves · Esc cancels", x: inner.x + 1, y: inner.maxY - 1, role: .muted, clip: inner)
    }

    private func centered(width: Int, height: Int, in bounds: Rect) -> Rect {
        Rect(x: max(0, (bounds.width - width) / 2), y: max(0, (bounds.height - height) / 2), width: width, height: height)
    }
}
