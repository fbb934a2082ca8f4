import TerminalKit
import Testing

struct SpinnerTests {
    @Test func glyphMessageAndCountdown() {
        let spinner = Spinner(message: "Waiting for approval", remaining: .seconds(3))
        #expect(!spinner.isFocusable)
        #expect(spinner.height(forWidth: 30) == 2)
        let canvas = drawn(spinner, width: 30, height: 2)
        #expect(CanvasText.text(canvas) == """
            ⠋ Waiting for approval
              next check in 3 s
            """)
        #expect(CanvasText.styleMask(canvas) == """
            p
            mmmmmmmmmmmmmmmmmmm
            """)
    }

    @Test func advancesThroughTheFramesAndWrapsAround() {
        var spinner = Spinner(message: "Checking")
        spinner.advance()
        #expect(CanvasText.text(drawn(spinner, width: 12, height: 1)) == "⠙ Checking")
        for _ in 0..<9 { spinner.advance() }
        #expect(spinner.frame == 0)
        #expect(CanvasText.text(drawn(Spinner(message: "x", frame: -1), width: 12, height: 1)) == "⠏ x")
    }

    @Test func countdownRoundsUpAndWrapsWhenNarrow() {
        let spinner = Spinner(message: "Waiting for approval", remaining: .milliseconds(2_100))
        #expect(spinner.height(forWidth: 12) == 5)
        #expect(CanvasText.text(drawn(spinner, width: 12, height: 5)) == """
            ⠋ Waiting
              for
              approval
              next check
              in 3 s
            """)
        #expect(CanvasText.text(drawn(Spinner(message: "Polling", remaining: .zero), width: 20, height: 2)) == """
            ⠋ Polling
              checking now
            """)
    }
}
