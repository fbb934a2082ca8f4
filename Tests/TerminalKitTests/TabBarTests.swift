import TerminalKit
import Testing

struct TabBarTests {
    let bar = TabBar(tabs: [
        TabBar.Tab(title: "standard", detail: "127.0.0.1 · signed in as demo", status: .signedIn),
        TabBar.Tab(title: "second user", detail: "idle"),
    ])

    @Test func everyTabInFullWhenThereIsRoom() {
        #expect(!bar.isFocusable)
        #expect(bar.height(forWidth: 70) == 1)
        let canvas = drawn(bar, width: 70, height: 1)
        #expect(CanvasText.text(canvas) == " 1 ✓ standard · 127.0.0.1 · signed in as demo │ 2 second user · idle")
        #expect(CanvasText.styleMask(canvas) == String(repeating: "A", count: 46) + "t" + String(repeating: "a", count: 22) + "t")
    }

    @Test func shortensDetailsFirstThenTitles() {
        #expect(CanvasText.text(drawn(bar, width: 40, height: 1)) == " 1 ✓ standard · 127.0.… │ 2 second user")
        #expect(CanvasText.text(drawn(bar, width: 30, height: 1)) == " 1 ✓ standard │ 2 second user")
        #expect(CanvasText.text(drawn(bar, width: 20, height: 1)) == " 1 ✓ standard │ 2 …")
    }

    @Test func theActiveTabStaysVisibleWhenNotAllFit() {
        var bar = bar
        bar.active = 1
        let canvas = drawn(bar, width: 12, height: 1)
        #expect(CanvasText.text(canvas) == " 2 second…")
        #expect(CanvasText.styleMask(canvas) == "AAAAAAAAAAAt")

        let many = TabBar(
            tabs: ["one", "two", "three", "four", "five"].map { TabBar.Tab(title: $0, status: .busy) },
            active: 4
        )
        #expect(CanvasText.text(drawn(many, width: 16, height: 1)) == " 4 ↻ … │ 5 ↻ f…")
        #expect(CanvasText.text(drawn(many, width: 60, height: 1)) == " 1 ↻ one │ 2 ↻ two │ 3 ↻ three │ 4 ↻ four │ 5 ↻ five")
    }

    @Test func statusMarks() {
        let bar = TabBar(tabs: [
            TabBar.Tab(title: "a", status: .idle), TabBar.Tab(title: "b", status: .busy),
            TabBar.Tab(title: "c", status: .signedIn), TabBar.Tab(title: "d", status: .error),
        ], active: 3)
        #expect(CanvasText.text(drawn(bar, width: 40, height: 1)) == " 1 a │ 2 ↻ b │ 3 ✓ c │ 4 ✗ d")
    }

    @Test func markersStandBeforeTheTitleAndAreNeverShortened() {
        let bar = TabBar(tabs: [
            TabBar.Tab(title: "standard", detail: "signed in as demo", status: .signedIn, marker: "◆"),
            TabBar.Tab(title: "transactions", detail: "idle", warning: "⚠ insecure", marker: "◆"),
            TabBar.Tab(title: "alice", detail: "idle"),
        ])
        let wide = drawn(bar, width: 100, height: 1)
        #expect(CanvasText.text(wide) == " 1 ✓ ◆ standard · signed in as demo │ 2 ⚠ insecure ◆ transactions · idle │ 3 alice · idle")
        #expect(CanvasText.styleMask(wide).prefix(37) == String(repeating: "A", count: 36) + "t", "the marker is drawn in the tab's role")
        #expect(CanvasText.text(drawn(bar, width: 50, height: 1)) == " 1 ✓ ◆ standard │ 2 ⚠ insecure ◆ trans… │ 3 alice")
        #expect(CanvasText.text(drawn(bar, width: 34, height: 1)) == " 1 ✓ ◆ … │ 2 ⚠ insecure ◆ … │ 3 …")
    }
}
