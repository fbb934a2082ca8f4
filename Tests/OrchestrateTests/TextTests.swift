import Foundation
import Orchestrate
import Testing

/// Server text made safe for a terminal, HTML made plain, durations as people say them.
struct TextTests {
    @Test func escapeSequencesAndControlsAreNeutralised() {
        let hostile = "Name\u{1B}[2J\u{1B}]0;title\u{07}\u{9B}31m\u{202E}evil\tx\r\ny"
        let line = TerminalText.line(hostile)
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" })
        #expect(line.hasPrefix("Name\u{FFFD}[2J"))
        #expect(TerminalText.block("a\r\nb\nc") == "a\nb\nc")
        #expect(TerminalText.line("a\nb") == "a b")
        #expect(TerminalText.line("plain é ✓ 日本") == "plain é ✓ 日本")
    }

    @Test func htmlDescriptionsBecomePlainText() {
        let html = ##"New here? <a href="#/service/Registration">Create an account</a><br><a href="#x">Forgot username?</a>&nbsp;&amp; <b>more</b>"##
        #expect(PlainText.fromHTML(html) == "New here? Create an account\nForgot username? & more")
        #expect(PlainText.fromHTML("<ul><li>one</li><li>two</li></ul>") == "• one\n• two")
        #expect(PlainText.fromHTML("&#65;&#x42;&lt;c&gt; &unknown;") == "AB<c> &unknown;")
        #expect(PlainText.fromHTML("x\u{1B}[31m") == "x\u{FFFD}[31m")
    }

    @Test func durationsReadAsPeopleSayThem() {
        #expect(ReadableDuration.text(seconds: 45) == "45 s")
        #expect(ReadableDuration.text(seconds: 3598) == "59 min 58 s")
        #expect(ReadableDuration.text(seconds: 7200) == "2 h")
        #expect(ReadableDuration.text(seconds: 93_600 + 60) == "1 d 2 h")
        let now = Date(timeIntervalSince1970: 1000)
        #expect(ReadableDuration.until(now.addingTimeInterval(298), from: now) == "expires in 4 min 58 s")
        #expect(ReadableDuration.until(now.addingTimeInterval(-3), from: now) == "expired 3 s ago")
    }
}
