import Foundation
import JourneyEngine
import Orchestrate
import Testing

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

    @Test func tracesHideSecretsButKeepShapes() throws {
        let step = """
        {"authId":"eyJhbGciOiJIUzI1NiJ9.payload.sig","callbacks":[
         {"type":"NameCallback","output":[{"name":"prompt","value":"User Name"}],"input":[{"name":"IDToken1","value":"demo"}]},
         {"type":"PasswordCallback","output":[{"name":"prompt","value":"Password"}],"input":[{"name":"IDToken2","value":"hunter2"}]},
         {"type":"NameCallback","output":[{"name":"prompt","value":"Enter verification code"}],"input":[{"name":"IDToken3","value":"123456"}]},
         {"type":"KbaCreateCallback","output":[{"name":"prompt","value":"Q"}],"input":[{"name":"IDToken4question","value":"Color?"},{"name":"IDToken4answer","value":"blue"}]},
         {"type":"HiddenValueCallback","output":[{"name":"value","value":"otpauth://totp/x?secret=ABCDEF&issuer=y"},{"name":"id","value":"mfaDeviceRegistration"}],"input":[{"name":"IDToken5","value":"mfaDeviceRegistration"}]}]}
        """
        let traced = TracedBody(Data(step.utf8), rules: .journey()).line
        for secret in ["hunter2", "123456", "blue", "ABCDEF", "payload.sig"] {
            #expect(!traced.contains(secret), "\(secret) leaked")
        }
        for kept in ["demo", "Color?", "User Name", "‹redacted›"] {
            #expect(traced.contains(kept), "\(kept) missing")
        }
        let success = TracedBody(Data(#"{"tokenId":"AQIC5wM2LY4SfczsecretToken","realm":"/"}"#.utf8)).line
        #expect(!success.contains("secretToken"))
        let headers = Redaction.headers([
            HTTPHeader("Cookie", "iPlanetDirectoryPro=AQIC5wM2LY4SfczsecretToken; amlbcookie=01"),
            HTTPHeader("Set-Cookie", "iPlanetDirectoryPro=AQIC5wM2LY4SfczsecretToken; Path=/"),
            HTTPHeader("iPlanetDirectoryPro", "AQIC5wM2LY4SfczsecretToken"),
            HTTPHeader("Authorization", "Bearer abc.def.ghi"),
        ], cookieName: "iPlanetDirectoryPro")
        #expect(!headers.contains { $0.value.contains("secretToken") || $0.value.contains("abc.def") })
        #expect(headers[0].value.contains("amlbcookie=01"))
        #expect(headers[1].value.hasSuffix("; Path=/"))
    }
}

/// A step's deadline, read from its authId, and durations as people read them.
struct StepDeadlineTests {
    @Test func aStepExpiresWhenItsAuthIdSays() throws {
        let payload = Data(#"{"otk":"o","exp":1800000000}"#.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        let step = try JourneyStep(json: try JSONValue.parse(Data(#"{"authId":"eyJ0eXAiOiJKV1QifQ.\#(payload).c2ln","callbacks":[]}"#.utf8)))
        #expect(step.expiresAt == Date(timeIntervalSince1970: 1_800_000_000))
        let opaque = try JourneyStep(json: try JSONValue.parse(Data(#"{"authId":"not-a-jwt","callbacks":[]}"#.utf8)))
        #expect(opaque.expiresAt == nil)
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
