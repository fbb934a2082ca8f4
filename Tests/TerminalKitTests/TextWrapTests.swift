import TerminalKit
import Testing

struct TextWrapTests {
    @Test func wrapsAtSpacesByDisplayWidth() {
        #expect(TextWrap.lines("the quick brown fox", width: 10) == ["the quick", "brown fox"])
        #expect(TextWrap.lines("the quick brown fox", width: 19) == ["the quick brown fox"])
        #expect(TextWrap.lines("日本 語", width: 4) == ["日本", "語"])
        #expect(TextWrap.lines("cafe\u{301} cafe\u{301}", width: 4) == ["cafe\u{301}", "cafe\u{301}"])
    }

    @Test func breaksWordsLongerThanTheWidth() {
        #expect(TextWrap.lines("a verylongword b", width: 5) == ["a", "veryl", "ongwo", "rd b"])
        #expect(TextWrap.lines("日本語のテキスト", width: 5) == ["日本", "語の", "テキ", "スト"])
        // A wide character can never fit in one column: it is left out rather than overflow.
        #expect(TextWrap.lines("a日b", width: 1) == ["a", "b"])
    }

    @Test func breaksALongAddressBetweenItsParts() {
        let address = "otpauth://totp/ForgeRock:demo?secret=JBSWY3DPEHPK3PXP&issuer=ForgeRock"
        #expect(TextWrap.lines(address, width: 60) == ["otpauth://totp/ForgeRock:demo?secret=JBSWY3DPEHPK3PXP&", "issuer=ForgeRock"])
        // Punctuation early in the line would leave it mostly empty: the word is cut at the width.
        #expect(TextWrap.lines("a/bcdefghijklmnopqrstuvwxyz", width: 10) == ["a/bcdefghi", "jklmnopqrs", "tuvwxyz"])
    }

    @Test func keepsNewlinesAndIndentation() {
        #expect(TextWrap.lines("one\n\ntwo three", width: 5) == ["one", "", "two", "three"])
        #expect(TextWrap.lines("  1. first\r\n  2. second", width: 20) == ["  1. first", "  2. second"])
        #expect(TextWrap.lines("word   \nnext", width: 10) == ["word", "next"])
    }

    @Test func nothingToWrapGivesNoLines() {
        #expect(TextWrap.lines("", width: 10) == [])
        #expect(TextWrap.lines("text", width: 0) == [])
        #expect(TextWrap.lines("text", width: -3) == [])
    }

    @Test func neverReturnsALineWiderThanTheWidth() {
        let samples = [
            "The quick brown fox jumps over the lazy dog",
            "パスワードを入力してください（８文字以上）",
            "mixed 日本 text with https://example.com/a/very/long/path and 😀 emoji",
            "  indented\n\n\nlines   with   gaps",
        ]
        for text in samples {
            for width in 1...16 {
                for line in TextWrap.lines(text, width: width) {
                    #expect(TextWidth.of(line) <= width, "\(line) at \(width)")
                }
            }
        }
    }

    @Test func hangingPrefixIndentsTheFollowingLines() {
        #expect(TextWrap.lines("I agree to the terms", width: 12, prefix: "[x] ") == ["[x] I agree", "    to the", "    terms"])
        #expect(TextWrap.lines("", width: 12, prefix: "[ ] ") == ["[ ] "])
        #expect(TextWrap.lines("", width: 12, prefix: "") == [])
        // No room beside the prefix: prefix and text wrap together.
        #expect(TextWrap.lines("OK", width: 3, prefix: "[x] ") == ["[x]", "OK"])
    }

    @Test func truncatesWithAnEllipsis() {
        #expect(TextWrap.truncated("standard", width: 5) == "stan…")
        #expect(TextWrap.truncated("standard", width: 8) == "standard")
        #expect(TextWrap.truncated("日本語", width: 5) == "日本…")
        #expect(TextWrap.truncated("日本語", width: 4) == "日…")
        #expect(TextWrap.truncated("second user", width: 8) == "second…")
        #expect(TextWrap.truncated("abc", width: 1) == "…")
        #expect(TextWrap.truncated("abc", width: 0) == "")
    }
}
