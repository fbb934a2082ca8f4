import JourneyEngine
import Orchestrate
import Renderer
import TerminalKit

/// A signed-in tab: the session, what AM says about it, and the token inspector.
extension AppState {
    /// Draws the page whole from the top of `area` (`AppState+ScrolledPage` shows it scrolled);
    /// the rows it takes.
    func renderSession(_ success: LoginSuccess, of tab: ClientTab, _ journey: JourneyTab, on server: ServerConfiguration,
                       into canvas: inout Canvas, in area: Rect) -> Int {
        let who = tab.userName.map { "Signed in as \(TerminalText.line($0))" } ?? "Signed in"
        var y = area.y
        canvas.write(success.tokenId == nil ? "Journey complete (no session was created)" : who,
                     x: area.x, y: y, role: .success, clip: area)
        y += 2
        let rows: [(String, String)] = [
            ("realm", TerminalText.line(success.realm ?? "?")),
            ("successUrl", TerminalText.line(success.successUrl ?? "?")),
            ("cookie", server.cookieName),
            ("SSO token", success.tokenId.map { Redaction.token(TerminalText.line($0)) } ?? "none (noSession)"),
            ("server", server.baseURL.absoluteString),
        ]
        for (name, value) in rows {
            y = Self.writeRow(name, value, role: .normal, valueColumn: 12, at: y, into: &canvas, in: area)
        }
        switch journey.sessionInfo {
        case .success(let info)?:
            let says = "\(info.username) in \(info.realm) · idle expiry \(info.maxIdleExpirationTime ?? "?") · ends \(info.maxSessionExpirationTime ?? "?")"
            y = Self.writeRow("AM says", TerminalText.line(says), role: .information, valueColumn: 12, at: y, into: &canvas, in: area)
        case .failure(let error)?:
            y = Self.writeRow("AM says", error.description, role: .error, valueColumn: 12, at: y, into: &canvas, in: area)
        case nil:
            break
        }
        y += 1
        if let inspector = tab.tokens {
            y = renderTokens(inspector, into: &canvas, at: y, in: area)
        }
        return canvas.writeLines(TextWrap.lines("Enter restarts the journey · i asks AM about the session · l logs out", width: area.width),
                                 from: y, in: area, role: .muted) - area.y
    }

    /// A name and its value, the value wrapped from `valueColumn` on; the row after it.
    static func writeRow(_ name: String, _ value: String, nameRole: ThemeRole = .label, role: ThemeRole, valueColumn: Int,
                         at top: Int, into canvas: inout Canvas, in area: Rect) -> Int {
        canvas.write(name, x: area.x, y: top, role: nameRole, clip: area)
        let column = Rect(x: area.x + valueColumn, y: area.y, width: max(1, area.width - valueColumn), height: area.height)
        return max(top + 1, canvas.writeLines(TextWrap.lines(value, width: column.width), from: top, in: column, role: role))
    }

    /// The token inspector: values hidden until asked, expiry counting down, the claims that say
    /// how the person authenticated, each labelled verified or not.
    func renderTokens(_ inspector: TabTokens, into canvas: inout Canvas, at top: Int, in area: Rect) -> Int {
        var y = top
        func row(_ name: String, _ value: String, role: ThemeRole = .normal) {
            y = Self.writeRow(name, TerminalText.line(value), role: role, valueColumn: 15, at: y, into: &canvas, in: area)
        }
        canvas.write("OAuth 2.0 tokens", x: area.x, y: y, role: .title, clip: area)
        y += 1
        if let tokens = inspector.tokens {
            func shown(_ value: String) -> String { inspector.valuesRevealed ? value : Redaction.token(value) }
            row("access token", shown(tokens.accessToken) + " · " + ReadableDuration.until(tokens.expiresAt, from: date),
                role: tokens.expiresAt > date ? .normal : .warning)
            if let clock = tokens.serverClock, clock.isNotable {
                row("clock", clock.description + ": expiry counts on this machine's clock", role: .warning)
            }
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
            y = canvas.writeLines(TextWrap.lines("t refresh · v revoke · u userinfo · c copy access token · x \(inspector.valuesRevealed ? "hide" : "show") values",
                                                 width: area.width), from: y, in: area, role: .muted)
        }
        if let activity = inspector.activity {
            canvas.write(activity, x: area.x, y: y, role: .spinner, clip: area)
            y += 1
        }
        if let notice = inspector.notice {
            canvas.write(TerminalText.line(notice), x: area.x, y: y, role: .success, clip: area)
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
            return "\(key) \(ClaimText.display(value))"
        }.joined(separator: " · ")
    }
}
