import TerminalKit
import Testing

struct TextBlockTests {
    @Test func wrapsWithAHangingPrefixInItsRole() {
        var block = TextBlock(text: "The code you entered has expired", role: .error, prefix: "✗ ")
        #expect(!block.isFocusable)
        #expect(block.update(.enter) == .ignored)
        #expect(block.height(forWidth: 20) == 3)
        let canvas = drawn(block, width: 20, height: 3)
        #expect(CanvasText.text(canvas) == """
            ✗ The code you
              entered has
              expired
            """)
        #expect(CanvasText.styleMask(canvas) == """
            EEEEEEEEEEEEEE
            EEEEEEEEEEEEE
            EEEEEEEEE
            """)
    }

    @Test func plainTextKeepsItsParagraphs() {
        let block = TextBlock(text: "Check your inbox.\nThe link expires in 10 minutes.", role: .information)
        #expect(CanvasText.text(drawn(block, width: 12, height: 6)) == """
            Check your
            inbox.
            The link
            expires in
            10 minutes.

            """)
        #expect(TextBlock(text: "").height(forWidth: 12) == 0)
    }
}
