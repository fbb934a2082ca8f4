import TerminalKit
import Testing

struct HelpBarTests {
    let bar = HelpBar(items: [
        HelpItem(keys: "Enter", help: "submit"), HelpItem(keys: "Tab", help: "next"),
        HelpItem(keys: "?", help: "help"), HelpItem(keys: "q", help: "quit"),
    ])

    @Test func keysAndWordsOnOneRow() {
        #expect(!bar.isFocusable)
        let canvas = drawn(bar, width: 40, height: 1)
        #expect(CanvasText.text(canvas) == "Enter submit  Tab next  ? help  q quit")
        #expect(CanvasText.styleMask(canvas) == "HHHHHhhhhhhhhhHHHhhhhhhhHhhhhhhhHhhhhhhh")
    }

    @Test func itemsThatDoNotFitAreDroppedFromTheEnd() {
        #expect(CanvasText.text(drawn(bar, width: 20, height: 1)) == "Enter submit")
        #expect(CanvasText.text(drawn(bar, width: 24, height: 1)) == "Enter submit  Tab next")
        #expect(CanvasText.text(drawn(bar, width: 5, height: 1)) == "")
        #expect(CanvasText.styleMask(drawn(bar, width: 5, height: 1)) == "hhhhh")
    }

    @Test func builtFromAKeyMap() {
        let map = KeyMap<String>([
            KeyBinding([.enter], "submit", help: "submit"),
            KeyBinding([.tab, .backTab], "focus", help: "move"),
        ])
        #expect(CanvasText.text(drawn(HelpBar(items: map.helpBarItems), width: 40, height: 1)) == "Enter submit  Tab/Shift-Tab move")
    }

    @Test func entriesKeptToTheLastOutstayTheOthersAndNoneIsCut() {
        let bar = HelpBar(items: [
            HelpItem(keys: "Enter", help: "submit"), HelpItem(keys: "Tab", help: "next"),
            HelpItem(keys: "?", help: "help", bar: .kept), HelpItem(keys: "q", help: "quit", bar: .kept),
            HelpItem(keys: "x", help: "never in the bar", bar: .hidden),
        ])
        #expect(CanvasText.text(drawn(bar, width: 40, height: 1)) == "Enter submit  Tab next  ? help  q quit")
        #expect(CanvasText.text(drawn(bar, width: 30, height: 1)) == "Enter submit  ? help  q quit")
        #expect(CanvasText.text(drawn(bar, width: 16, height: 1)) == "? help  q quit")
        #expect(CanvasText.text(drawn(bar, width: 10, height: 1)) == "? help")
        #expect(HelpBar.fitting(bar.items, width: 5).isEmpty)
    }
}
