import TerminalKit
import Testing

struct CheckboxTests {
    @Test func boxAndLabelOnOneRow() {
        let box = Checkbox(label: "I accept the terms")
        #expect(CanvasText.text(drawn(box, width: 30, height: 1)) == "[ ] I accept the terms")
        #expect(CanvasText.styleMask(drawn(box, width: 30, height: 1)) == "")
        #expect(CanvasText.styleMask(drawn(box, width: 30, height: 1, focused: true)) == "SSSSSSSSSSSSSSSSSSSSSS")
        #expect(CanvasText.text(drawn(box, width: 30, height: 1, focused: true)) == "[ ]▸I accept the terms", "focus shows without colour")
    }

    @Test func labelWrapsUnderItselfWhenNarrow() {
        let box = Checkbox(label: "I accept the terms", isChecked: true)
        #expect(box.height(forWidth: 12) == 3)
        let canvas = drawn(box, width: 12, height: 3, focused: true)
        #expect(CanvasText.text(canvas) == """
            [x]▸I accept
                the
                terms
            """)
        #expect(CanvasText.styleMask(canvas) == """
            SSSSSSSSSSSS
            SSSSSSS
            SSSSSSSSS
            """)
    }

    @Test func spaceTogglesYesAndNoSetEnterSubmitsWithoutToggling() {
        var box = Checkbox(label: "Remember me")
        #expect(box.update(.character(" ")) == .handled)
        #expect(box.isChecked)
        #expect(box.update(.enter) == .activated(0))
        #expect(box.isChecked)
        #expect(box.press(.character("n"), .character("n")) == [.handled, .handled])
        #expect(!box.isChecked)
        #expect(box.update(.character("y")) == .handled)
        #expect(box.isChecked)
        #expect(box.press(.character("x"), .tab, .down) == [.ignored, .ignored, .ignored])
        #expect(box.isChecked)
    }
}
