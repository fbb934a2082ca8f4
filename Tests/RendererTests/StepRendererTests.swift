import Foundation
import JourneyEngine
import Renderer
import Testing

struct StepRendererTests {
    func step(_ callbacks: String) throws -> JourneyStep {
        try JourneyStep(json: JSONValue.parse(Data(#"{"authId":"a","callbacks":[\#(callbacks)]}"#.utf8)))
    }

    @Test func loginPageIsATextFieldAndAMaskedRevealableField() throws {
        let widgets = StepRenderer.widgets(for: try step("""
        {"type":"NameCallback","output":[{"name":"prompt","value":"User Name"}],"input":[{"name":"IDToken1","value":""}]},
        {"type":"PasswordCallback","output":[{"name":"prompt","value":"Password"}],"input":[{"name":"IDToken2","value":""}]}
        """))
        #expect(widgets == [
            RenderedWidget(callbackPosition: 0, widget: .textField(TextField(label: "User Name", text: ""))),
            RenderedWidget(callbackPosition: 1, widget: .textField(TextField(label: "Password", text: "", isMasked: true, canReveal: true))),
        ])
    }

    @Test func choicePreselectsTheDefaultOrTheCurrentValue() throws {
        let choice = #"{"type":"ChoiceCallback","output":[{"name":"prompt","value":"Pick"},{"name":"choices","value":["Email","SMS"]},{"name":"defaultChoice","value":1}],"input":[{"name":"IDToken1","value":""}]}"#
        var page = try step(choice)
        #expect(StepRenderer.widgets(for: page).first?.widget == .radioList(RadioList(label: "Pick", options: ["Email", "SMS"], selected: 1)))
        try page.callbacks[0].answer(.index(0))
        #expect(StepRenderer.widgets(for: page).first?.widget == .radioList(RadioList(label: "Pick", options: ["Email", "SMS"], selected: 0)))
    }

    @Test func textOutputsKeepTheirToneAndScriptsAreNeverShownAsText() throws {
        let widgets = StepRenderer.widgets(for: try step("""
        {"type":"TextOutputCallback","output":[{"name":"message","value":"Hello"},{"name":"messageType","value":"0"}]},
        {"type":"TextOutputCallback","output":[{"name":"message","value":"Careful"},{"name":"messageType","value":"1"}]},
        {"type":"TextOutputCallback","output":[{"name":"message","value":"Wrong \\u001b[31m"},{"name":"messageType","value":"2"}]},
        {"type":"TextOutputCallback","output":[{"name":"message","value":"window.alert(1)"},{"name":"messageType","value":"4"}]}
        """)).map(\.widget)
        #expect(widgets == [
            .message(Message(text: "Hello", tone: .information)),
            .message(Message(text: "Careful", tone: .warning)),
            .message(Message(text: "Wrong \u{FFFD}[31m", tone: .error)),
            .message(Message(text: "A browser script in this step was not run.", tone: .muted)),
        ])
    }

    @Test func hiddenCallbacksAreNotShownAndOthersArePlaceholders() throws {
        let widgets = StepRenderer.widgets(for: try step("""
        {"type":"HiddenValueCallback","output":[{"name":"value","value":"x"},{"name":"id","value":"y"}],"input":[{"name":"IDToken1","value":"y"}]},
        {"type":"FancyCallback","output":[],"input":[]}
        """))
        #expect(widgets == [RenderedWidget(callbackPosition: 1, widget: .placeholder(Placeholder(callbackType: "FancyCallback", label: "")))])
    }
}
