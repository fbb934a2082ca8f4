import DaVinci
import Foundation
import JourneyEngine
import Orchestrate
import Renderer
import TerminalKit
import Testing

/// What a form shows about focus and scrolling, read from the drawn screen: the focus marker
/// that needs no colour, the "more" markers that never cover a field, and AM's "required".
struct FormFocusTests {
    static func rows(_ form: Form, width: Int, height: Int) -> [String] {
        CanvasText.text(FormTests.screen(form, width: width, height: height)).components(separatedBy: "\n")
    }

    @Test func theFocusedFieldAndButtonAreMarkedWithoutColour() throws {
        var form = Form(step: try FormTests.step(FormTests.login + """
        ,{"type":"ConfirmationCallback","output":[{"name":"prompt","value":""},{"name":"messageType","value":0},{"name":"options","value":["Send","Cancel"]},{"name":"optionType","value":-1},{"name":"defaultOption","value":0}],"input":[{"name":"IDToken3","value":0}]}
        """))
        var rows = Self.rows(form, width: 40, height: 12)
        #expect(rows.filter { $0.hasPrefix("[▸") }.count == 1)
        #expect(rows[1].hasPrefix("[▸"), "the user name has focus: \(rows)")
        _ = form.update(.tab)
        _ = form.update(.tab)
        rows = Self.rows(form, width: 40, height: 12)
        #expect(!rows.contains { $0.hasPrefix("[▸ ") || $0.hasPrefix("[▸•") })
        #expect(rows.contains("[▸Send◂]  [ Cancel ]"), "\(rows)")
        _ = form.update(.right)
        #expect(Self.rows(form, width: 40, height: 12).contains("[ Send ]  [▸Cancel◂]"))
    }

    @Test func tabGoesThroughAJourneysButtonRowOneButtonAtATime() throws {
        var form = Form(step: try FormTests.step(FormTests.login + """
        ,{"type":"ConfirmationCallback","output":[{"name":"prompt","value":""},{"name":"messageType","value":0},{"name":"options","value":["Send","Resend","Cancel"]},{"name":"optionType","value":-1},{"name":"defaultOption","value":0}],"input":[{"name":"IDToken3","value":0}]}
        """))
        _ = form.update(.tab)
        _ = form.update(.tab)
        #expect(Self.rows(form, width: 50, height: 12).contains("[▸Send◂]  [ Resend ]  [ Cancel ]"))
        _ = form.update(.tab)
        #expect(Self.rows(form, width: 50, height: 12).contains("[ Send ]  [▸Resend◂]  [ Cancel ]"), "Tab moves within the row")
        _ = form.update(.tab)
        _ = form.update(.tab)
        #expect(Self.rows(form, width: 50, height: 12)[1].hasPrefix("[▸"), "past the last button, Tab leaves the row for the first field")
        _ = form.update(.backTab)
        #expect(Self.rows(form, width: 50, height: 12).contains("[ Send ]  [ Resend ]  [▸Cancel◂]"), "Shift-Tab enters the row at its last button")
    }

    @Test func theMoreMarkersNeverCoverTheFocusedField() throws {
        let names = (1...6).map { #"{"type":"NameCallback","output":[{"name":"prompt","value":"Field \#($0)"}],"input":[{"name":"IDToken\#($0)","value":""}]}"# }
        var form = Form(step: try FormTests.step(names.joined(separator: ",")))
        for _ in 1...5 { _ = form.update(.tab) }
        FormTests.type("last", into: &form)
        for height in [6, 7, 8, 9, 10] {
            let rows = Self.rows(form, width: 30, height: height)
            let input = try #require(rows.firstIndex { $0.hasPrefix("[▸") }, "no focused field at height \(height): \(rows)")
            #expect(rows[input] == "[▸last" + String(repeating: " ", count: 23) + "]", "height \(height): \(rows)")
            #expect(rows[height - 1].hasSuffix("↑ more"), "height \(height): \(rows)")
            #expect(input < height - 1)
        }
        // At the top, only "↓ more", on a row of its own under the fields.
        for _ in 1...5 { _ = form.update(.backTab) }
        let rows = Self.rows(form, width: 30, height: 7)
        #expect(rows[6].trimmingCharacters(in: .whitespaces) == "↓ more", "\(rows)")
        #expect(rows[1].hasPrefix("[▸") && rows[1].hasSuffix("]"))
    }

    /// AM checks every field when one is validated, so a page can come back saying the password
    /// is required before the person reached it.
    @Test func requiredShowsOnlyUnderAnEmptyFieldThatWasLeftOrSubmitted() throws {
        func page(passwordRequired: Bool) throws -> JourneyStep {
            let failed = passwordRequired ? #"["{\"policyRequirement\":\"REQUIRED\",\"params\":{}}"]"# : "[]"
            return try FormTests.step("""
            {"type":"ValidatedCreateUsernameCallback","output":[{"name":"policies","value":{}},{"name":"failedPolicies","value":[]},{"name":"validateOnly","value":false},{"name":"prompt","value":"Username"}],"input":[{"name":"IDToken1","value":""},{"name":"IDToken1validateOnly","value":false}]},
            {"type":"ValidatedCreatePasswordCallback","output":[{"name":"echoOn","value":false},{"name":"policies","value":{}},{"name":"failedPolicies","value":\(failed)},{"name":"validateOnly","value":false},{"name":"prompt","value":"Password"}],"input":[{"name":"IDToken2","value":""},{"name":"IDToken2validateOnly","value":false}]}
            """)
        }
        func showsRequired(_ form: Form) -> Bool {
            Self.rows(form, width: 40, height: 12).contains { $0.contains("✗ required") }
        }
        var first = Form(step: try page(passwordRequired: false))
        FormTests.type("grace", into: &first)
        guard case .validate = first.update(.tab) else {
            Issue.record("leaving the username did not validate")
            return
        }
        // AM's answer: the same page, the (empty) password failing REQUIRED.
        var form = Form(step: try page(passwordRequired: true), carrying: first)
        #expect(!showsRequired(form), "the password was not left yet")
        var submitted = form
        _ = submitted.update(.enter)
        #expect(showsRequired(submitted), "submitted empty")
        FormTests.type("Demo", into: &form)
        #expect(!showsRequired(form))
        for _ in 1...4 { _ = form.update(.backspace) }
        #expect(!showsRequired(form), "still not left")
        _ = form.update(.tab)
        #expect(showsRequired(form), "left empty")
        _ = form.update(.tab)
        FormTests.type("D", into: &form)
        #expect(!showsRequired(form), "a value is typed")
    }

    /// A DaVinci form's links sit in its button row: Tab reaches each of them.
    @Test func tabReachesEveryButtonAndLinkOfADaVinciForm() throws {
        func pressed(after keys: [KeyEvent]) throws -> String? {
            var form = FlowForm(step: try FlowFormTests.step(fields: FlowFormTests.signOn))
            FlowFormTests.type("demo", into: &form)
            for key in keys { _ = form.update(key) }
            guard case .submit(let answered, let pressing) = form.update(.enter) else { return nil }
            return pressing.map { answered.collectors[$0].key ?? "" }
        }
        #expect(try pressed(after: [.tab, .tab, .tab]) == "register")
        #expect(try pressed(after: [.tab, .tab, .tab, .tab]) == "trouble")
        #expect(try pressed(after: [.backTab]) == "trouble", "Shift-Tab enters the row at its end")
        var form = FlowForm(step: try FlowFormTests.step(fields: FlowFormTests.signOn))
        for key: KeyEvent in [.tab, .tab, .tab, .tab] { _ = form.update(key) }
        #expect(CanvasText.text(FlowFormTests.screen(form)).contains("[ Sign On ]  [ › Register ]  [▸› Having trouble?◂]"))
        _ = form.update(.tab)
        #expect(form.focus == form.fields.firstIndex { if case .text = $0.widget { true } else { false } }, "then back to the first field")
    }
}
