import TerminalKit
import Testing

struct ButtonRowTests {
    let row = ButtonRow(buttons: ["OK", "Cancel"])

    @Test func buttonsSideBySideWithTheSelectedOneFocused() {
        #expect(row.height(forWidth: 40) == 1)
        let canvas = drawn(row, width: 40, height: 1, focused: true)
        #expect(CanvasText.text(canvas) == "[▸OK◂]  [ Cancel ]", "the focus shows without colour")
        #expect(CanvasText.styleMask(canvas) == "BBBBBB..bbbbbbbbbb")
        #expect(CanvasText.text(drawn(row, width: 40, height: 1)) == "[ OK ]  [ Cancel ]")
        #expect(CanvasText.styleMask(drawn(row, width: 40, height: 1)) == "bbbbbb..bbbbbbbbbb")
    }

    @Test func buttonsFlowOntoMoreRowsAndLongTitlesShorten() {
        #expect(row.height(forWidth: 12) == 2)
        #expect(CanvasText.text(drawn(row, width: 12, height: 2)) == """
            [ OK ]
            [ Cancel ]
            """)
        #expect(CanvasText.text(drawn(row, width: 8, height: 2)) == """
            [ OK ]
            [ Can… ]
            """)
    }

    @Test func leftAndRightMoveEnterAndSpacePress() {
        var row = row
        #expect(row.press(.right, .character("l"), .right) == [.handled, .handled, .handled])
        #expect(row.selected == 1)
        #expect(row.update(.character(" ")) == .activated(1))
        #expect(row.press(.left, .character("h")) == [.handled, .handled])
        #expect(row.selected == 0)
        #expect(row.update(.enter) == .activated(0))
        #expect(row.press(.tab, .up, .character("x")) == [.ignored, .ignored, .ignored])
    }

    @Test func anUnfocusableRowKeepsItsButtons() {
        let row = ButtonRow(buttons: ["Next"], isFocusable: false)
        #expect(!row.isFocusable)
        #expect(CanvasText.text(drawn(row, width: 12, height: 1)) == "[ Next ]")
        #expect(ButtonRow(buttons: []).height(forWidth: 12) == 0)
    }
}
