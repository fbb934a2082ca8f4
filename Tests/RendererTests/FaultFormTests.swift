import Foundation
import JourneyEngine
import Orchestrate
import Renderer
import TerminalKit
import Testing

/// Pages a hostile or broken AM can send: huge, odd or unreadable, each shown or refused
/// clearly, never a crash.
struct FaultFormTests {
    @Test func aTenThousandChoicePageIsShownAndAnswered() throws {
        let choices = (1...10_000).map { "\"Option \($0)\"" }.joined(separator: ",")
        let step = try FormTests.step(#"{"type":"ChoiceCallback","output":[{"name":"prompt","value":"Pick"},{"name":"choices","value":[\#(choices)]},{"name":"defaultChoice","value":0}],"input":[{"name":"IDToken1","value":0}]}"#)
        var form = Form(step: step)
        _ = form.update(.end)
        let text = CanvasText.text(FormTests.screen(form))
        #expect(text.contains("Option 10000"), "the last choice is reachable")
        guard case .submit(let answered) = form.update(.enter) else {
            Issue.record("Enter did not submit")
            return
        }
        #expect(answered.callbacks[0].value == .int(9_999))
    }

    @Test func promptsWithTerminalEscapesAreDrawnNeutralised() throws {
        let step = try FormTests.step(#"{"type":"NameCallback","output":[{"name":"prompt","value":"User\u001b[2J\u009b31mName"}],"input":[{"name":"IDToken1","value":""}]}"#)
        let canvas = FormTests.screen(Form(step: step))
        let drawn = CanvasText.text(canvas)
        #expect(!drawn.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B })
        #expect(drawn.contains("User"))
    }

    @Test func bytesThatAreNotUTF8InAPromptAreShownAsReplacementCharacters() throws {
        var body = Data(#"{"authId":"a","callbacks":[{"type":"NameCallback","output":[{"name":"prompt","value":"Nom "#.utf8)
        body.append(contentsOf: [0xC3, 0x28, 0xFF])
        body.append(Data(#""}],"input":[{"name":"IDToken1","value":""}]}]}"#.utf8))
        guard case .step(let step) = AuthenticateOutcome(HTTPResponse(status: 200, headers: [], body: body)) else {
            Issue.record("the page was refused")
            return
        }
        guard case .name(let name) = step.callbacks[0].kind else {
            Issue.record("expected a NameCallback")
            return
        }
        #expect(name.prompt == "Nom \u{FFFD}(\u{FFFD}")
        #expect(CanvasText.text(FormTests.screen(Form(step: step))).contains("Nom \u{FFFD}(\u{FFFD}"))
    }
}
