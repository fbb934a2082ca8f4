import TerminalKit
import Testing

struct BoxTests {
    @Test func borderWithTitleAndTheInnerRectangle() {
        var canvas = Canvas(size: Size(width: 12, height: 4))
        let inner = Box(title: "Help").draw(into: &canvas, in: canvas.bounds)
        #expect(inner == Rect(x: 1, y: 1, width: 10, height: 2))
        #expect(CanvasText.text(canvas) == """
            ┌ Help ────┐
            │          │
            │          │
            └──────────┘
            """)
        #expect(CanvasText.styleMask(canvas) == """
            dTTTTTTddddd
            d..........d
            d..........d
            dddddddddddd
            """)
    }

    @Test func longTitlesShortenAndTinyAreasDrawNothing() {
        var canvas = Canvas(size: Size(width: 10, height: 3))
        Box(title: "Keyboard shortcuts", role: .muted).draw(into: &canvas, in: Rect(x: 1, y: 0, width: 8, height: 3))
        #expect(CanvasText.text(canvas) == """
             ┌ Key… ┐
             │      │
             └──────┘
            """)
        var tiny = Canvas(size: Size(width: 3, height: 3))
        let inner = Box(title: "x").draw(into: &tiny, in: Rect(x: 0, y: 0, width: 1, height: 3))
        #expect(inner.width == 0)
        #expect(CanvasText.text(tiny) == "\n\n")
    }
}
