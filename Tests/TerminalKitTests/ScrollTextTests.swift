import TerminalKit
import Testing

struct ScrollTextTests {
    let terms = ScrollText(
        title: "Terms",
        text: "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight",
        visibleRows: 3,
        width: 20
    )

    @Test func aBorderedViewportWithItsPosition() {
        #expect(terms.isFocusable)
        #expect(terms.height(forWidth: 20) == 5)
        let canvas = drawn(terms, width: 20, height: 5)
        #expect(CanvasText.text(canvas) == """
            ┌ Terms ───────────┐
            │ one              │
            │ two              │
            │ three            │
            └ lines 1–3 of 8 ──┘
            """)
        #expect(CanvasText.styleMask(canvas) == """
            mTTTTTTTmmmmmmmmmmmm
            m..................m
            m..................m
            m..................m
            mmmmmmmmmmmmmmmmmmmm
            """)
        #expect(CanvasText.styleMask(drawn(terms, width: 20, height: 5, focused: true)).hasPrefix("TTTTTTTTTTTTTTTTTTTT\nT"))
    }

    @Test func scrollKeysStopAtBothEnds() {
        var text = terms
        #expect(text.press(.down, .character("j")) == [.handled, .handled])
        #expect(text.offset == 2)
        #expect(text.press(.end, .down, .pageDown) == [.handled, .handled, .handled])
        #expect(text.offset == 5)
        #expect(CanvasText.text(drawn(text, width: 20, height: 5)) == """
            ┌ Terms ───────────┐
            │ six              │
            │ seven            │
            │ eight            │
            └ lines 6–8 of 8 ──┘
            """)
        #expect(text.press(.pageUp, .up, .character("k")) == [.handled, .handled, .handled])
        #expect(text.offset == 0)
        #expect(text.press(.pageDown, .home, .up) == [.handled, .handled, .handled])
        #expect(text.offset == 0)
        #expect(text.press(.enter, .tab, .character("x")) == [.ignored, .ignored, .ignored])
    }

    @Test func wrapsInsideTheBorderAndDropsTheIndicatorWhenNarrow() {
        var narrow = ScrollText(title: "Terms", text: "By signing in you agree to the terms.", visibleRows: 3, width: 12)
        #expect(CanvasText.text(drawn(narrow, width: 12, height: 5)) == """
            ┌ Terms ───┐
            │ By       │
            │ signing  │
            │ in you   │
            └──────────┘
            """)
        _ = narrow.press(.end)
        #expect(narrow.offset == 3)
        #expect(CanvasText.text(drawn(narrow, width: 12, height: 5)) == """
            ┌ Terms ───┐
            │ agree to │
            │ the      │
            │ terms.   │
            └──────────┘
            """)
    }

    @Test func shortTextTakesOnlyTheRowsItNeeds() {
        let short = ScrollText(title: "Note", text: "Hello", width: 20)
        #expect(short.height(forWidth: 20) == 3)
        #expect(CanvasText.text(drawn(short, width: 20, height: 3)) == """
            ┌ Note ────────────┐
            │ Hello            │
            └ lines 1–1 of 1 ──┘
            """)
    }
}
