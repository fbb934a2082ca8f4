import Foundation
import Testing
@testable import Orchestrate

/// A secret is hidden in every form it takes on the wire, at any length.
struct SecretFormsTests {
    private func hiding(_ values: String...) -> SecretForms {
        var forms = SecretForms()
        values.forEach { forms.add($0) }
        return forms
    }

    @Test func eachWireFormIsHidden() {
        let forms = hiding(#"p@ss w/"q"\é+"#)
        let shown = [
            #"p@ss w/"q"\é+"#,                      // as it is
            #"{"value":"p@ss w/\"q\"\\é+"}"#,        // JSON-escaped
            #"{"value":"p@ss w\/\"q\"\\é+"}"#,       // JSON with escaped slashes
            "pw=p%40ss%20w%2F%22q%22%5C%C3%A9%2B&x", // strictly percent-encoded
            "pw=p%40ss+w%2F%22q%22%5C%C3%A9%2B&x",   // a form's + for a space
            "pw=p%40ss%20w%2f%22q%22%5c%c3%a9%2b&x", // lowercase hex
            "Basic " + Data(#"p@ss w/"q"\é+"#.utf8).base64EncodedString(),
        ]
        for text in shown {
            #expect(forms.hidden(in: text, replacement: "‹r›").contains("‹r›"), "\(text)")
            #expect(!forms.hidden(in: text, replacement: "‹r›").contains("ss"), "\(text)")
        }
        let url = hiding("a/b_c-d?")
        #expect(url.hidden(in: Data("a/b_c-d?".utf8).base64EncodedString().replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "=", with: ""), replacement: "‹r›") == "‹r›", "base64url without padding")
    }

    @Test func otherEncodersFormsAreHidden() {
        let forms = hiding("a*b~c d")
        for text in [
            "q=a*b%7Ec+d&x",        // Java's URLEncoder: `*` kept, `~` escaped, `+` for a space
            "q=a*b%7ec+d&x",        // the same with lowercase hex
            "#a*b~c%20d",           // a fragment escapes only the space
        ] {
            #expect(!forms.hidden(in: text, replacement: "‹r›").contains("b"), "\(text)")
        }
    }

    @Test func aValueInsideALongerBase64TextIsHiddenAtEveryOffset() {
        let secret = "correct horse battery"
        let forms = hiding(secret)
        for user in ["", "a", "ab", "abc:", "alice:"] {
            for tail in ["", "!", "!?", "!?#"] {
                let header = "Basic " + Data((user + secret + tail).utf8).base64EncodedString()
                let hidden = forms.hidden(in: header, replacement: "‹r›")
                #expect(hidden.contains("‹r›"), "\(user)…\(tail)")
                // All but the two groups it shares with its neighbours is gone.
                let removed = header.count - (hidden.count - "‹r›".count)
                #expect(removed >= (secret.utf8.count - 4) / 3 * 4, "\(user)…\(tail): \(hidden)")
            }
        }
    }

    @Test func aShortValueIsHiddenWhereItStandsAlone() {
        let forms = hiding("42", "x")
        #expect(forms.hidden(in: #"{"value":"42"} pin=42&a=x /api/v42 x42 xray"#, replacement: "‹r›")
                == #"{"value":"‹r›"} pin=‹r›&a=‹r› /api/v42 x42 xray"#)
    }

    @Test func theLongerFormWinsAndTheMarkerIsNotHiddenAgain() {
        let forms = hiding("redacted", "redacted-too")
        #expect(forms.hidden(in: "a redacted-too b", replacement: "‹redacted›") == "a ‹redacted› b")
        #expect(SecretForms().hidden(in: "nothing", replacement: "‹r›") == "nothing")
    }
}
