import TerminalKit
import Testing

struct RadioListTests {
    let list = RadioList(label: "Send the code by", options: ["Email", "SMS", "Voice call"], selected: 1)

    @Test func rowsMarkTheSelectionAndHighlightWhenFocused() {
        #expect(list.height(forWidth: 30) == 4)
        let canvas = drawn(list, width: 30, height: 4, focused: true)
        #expect(CanvasText.text(canvas) == """
            Send the code by
            ( ) Email
            (•)▸SMS
            ( ) Voice call
            """)
        #expect(CanvasText.styleMask(canvas) == """
            llllllllllllllll

            SSSSSSS

            """)
        #expect(CanvasText.styleMask(drawn(list, width: 30, height: 4)) == "llllllllllllllll\n\n\n")
    }

    @Test func longOptionsWrapUnderTheirText() {
        let narrow = RadioList(label: "Send", options: ["Email me a code", "SMS"])
        #expect(narrow.height(forWidth: 12) == 4)
        #expect(CanvasText.text(drawn(narrow, width: 12, height: 4)) == """
            Send
            (•) Email me
                a code
            ( ) SMS
            """)
    }

    @Test func aListTallerThanItsAreaScrollsToTheHighlightedOption() {
        var long = RadioList(label: "Open a tab for", options: (1...10).map { "Journey \($0)" })
        #expect(CanvasText.text(drawn(long, width: 24, height: 4, focused: true)) == """
            Open a tab for
            (•)▸Journey 1
            ( ) Journey 2
                              ↓ more
            """)
        _ = long.press(.end)
        #expect(CanvasText.text(drawn(long, width: 24, height: 4, focused: true)) == """
            ( ) Journey 8
            ( ) Journey 9
            ( )▸Journey 10
                              ↑ more
            """)
    }

    @Test func arrowsAndVimKeysMoveTheHighlightWithinBounds() {
        var list = list
        #expect(list.press(.down, .character("j"), .down) == [.handled, .handled, .handled])
        #expect(list.highlighted == 2 && list.selected == 1)
        #expect(list.press(.up, .character("k"), .up) == [.handled, .handled, .handled])
        #expect(list.highlighted == 0 && list.selected == 1)
    }

    @Test func spaceSelectsEnterSelectsAndActivates() {
        var list = list
        #expect(list.press(.down, .character(" ")) == [.handled, .handled])
        #expect(list.selected == 2)
        #expect(list.press(.up, .up, .enter) == [.handled, .handled, .activated(0)])
        #expect(list.selected == 0)
    }

    @Test func digitsPickAnOptionDirectly() {
        var list = list
        #expect(list.update(.character("3")) == .handled)
        #expect(list.selected == 2 && list.highlighted == 2)
        #expect(list.press(.character("4"), .character("0"), .character("x"), .tab) == [.ignored, .ignored, .ignored, .ignored])
        #expect(list.selected == 2)
    }

    @Test func anEmptyListIsNotFocusable() {
        var empty = RadioList(options: [])
        #expect(!empty.isFocusable)
        #expect(empty.update(.enter) == .ignored)
    }
}
