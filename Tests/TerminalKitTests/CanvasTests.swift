import TerminalKit
import Testing

struct CanvasTests {
    @Test func wideCharactersTakeTwoCellsAndCombiningMarksNone() {
        #expect(TextWidth.of("a") == 1)
        #expect(TextWidth.of("日本") == 4)
        #expect(TextWidth.of("e\u{301}") == 1)
        #expect(TextWidth.of("😀") == 2)
        #expect(TextWidth.of("✓") == 1)
        var canvas = Canvas(size: Size(width: 8, height: 1))
        canvas.write("日本e\u{301}x", x: 0, y: 0, role: .normal)
        #expect(CanvasText.text(canvas) == "日本e\u{301}x")
        #expect(canvas[1, 0].isContinuation)
    }

    @Test func writingClipsAndNeverLeavesHalfAWideCharacter() {
        var canvas = Canvas(size: Size(width: 5, height: 2))
        canvas.write("abc日", x: 0, y: 0, role: .normal)
        #expect(CanvasText.text(canvas) == "abc日\n")
        // Cut at the edge: "…" in the column the next character did not fit in.
        canvas.write("日本語", x: 0, y: 1, role: .normal)
        #expect(CanvasText.text(canvas) == "abc日\n日本…")
        canvas.write("x", x: 4, y: 0, role: .error)
        #expect(CanvasText.text(canvas) == "abc x\n日本…")
        #expect(CanvasText.styleMask(canvas) == "....E\n")
    }

    @Test func plainTextOverWideCharactersBlanksTheirOtherHalvesAndClipsLikeAnyText() {
        var canvas = Canvas(size: Size(width: 8, height: 1))
        canvas.write("日本語x", x: 0, y: 0, role: .normal)
        // From the second half of 日 to the first half of 語: both cut characters are blanked.
        #expect(canvas.write("abcd", x: 1, y: 0, role: .error) == 5)
        #expect(CanvasText.text(canvas) == " abcd x")
        #expect(CanvasText.styleMask(canvas) == ".EEEE")
        #expect(!canvas[5, 0].isContinuation)
        // Clipped on both sides: the columns outside the clip keep what they had.
        let clip = Rect(x: 2, y: 0, width: 3, height: 1)
        #expect(canvas.write("WXYZQ", x: 1, y: 0, role: .title, clip: clip) == 5)
        #expect(CanvasText.text(canvas) == " aXY… x", "cut at the clip's edge: the last column says so")
        #expect(canvas.write("WXYZQ", x: 1, y: 0, role: .title, clip: clip, marksCut: false) == 5)
        #expect(CanvasText.text(canvas) == " aXYZ x", "graphics are clipped as they are")
        // Past the clip the next column is where it stopped; wholly past it, where it began.
        #expect(canvas.write("pq", x: 6, y: 0, role: .normal, clip: clip) == 6)
        #expect(canvas.write("pq", x: 3, y: 0, role: .normal, clip: clip) == 5)
    }

    @Test func aCanvasKeptBetweenFramesIsBlankAgainAtItsNewSize() {
        var canvas = Canvas(size: Size(width: 6, height: 2))
        canvas.write("漢字ab", x: 0, y: 1, role: .title)
        canvas.cursor = Point(x: 2, y: 1)
        canvas.clear(resizingTo: Size(width: 6, height: 2))
        #expect(canvas == Canvas(size: Size(width: 6, height: 2)))
        canvas.write("x", x: 0, y: 0, role: .normal)
        canvas.clear(resizingTo: Size(width: 3, height: 4), fill: .muted)
        #expect(canvas == Canvas(size: Size(width: 3, height: 4), fill: .muted))
    }

    @Test func controlCharactersNeverReachTheGrid() {
        var canvas = Canvas(size: Size(width: 6, height: 1))
        canvas.write("a\u{1B}[2J", x: 0, y: 0, role: .normal)
        #expect(CanvasText.text(canvas) == "a\u{FFFD}[2J")
    }

    @Test func keyMapsAnswerActionsAndHelp() {
        let map = KeyMap<String>([
            KeyBinding([.enter], "submit", help: "submit"),
            KeyBinding([.tab, .backTab], "focus", help: "move"),
            KeyBinding([.character("?")], "help", help: "help", detail: "every key", bar: .hidden),
        ])
        #expect(map.action(for: .backTab) == "focus")
        #expect(map.action(for: .character("x")) == nil)
        #expect(map.helpBarItems.map(\.keys) == ["Enter", "Tab/Shift-Tab"])
        #expect(map.helpItems.map(\.overlayText) == ["submit", "move", "every key"])
        #expect(map.keyLabel(for: "help") == "?")
    }

    @Test func aBindingCanGiveEachKeyItsOwnAction() {
        let map = KeyMap<Int>([
            KeyBinding(each: (1...3).map { (.alt(Character(String($0))), $0) }, help: "tab", keyLabel: "Alt-1…3"),
        ]) + KeyMap([KeyBinding([.alt("1")], 99, help: "shadowed")])
        #expect(map.action(for: .alt("2")) == 2 && map.action(for: .alt("1")) == 1, "the first map wins a key both bind")
        #expect(map.bindings[0].pairs.map(\.action) == [1, 2, 3])
        #expect(map.helpBarItems.map(\.keys) == ["Alt-1…3", "Alt-1"])
    }
}
