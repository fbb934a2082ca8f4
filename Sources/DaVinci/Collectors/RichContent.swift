import Foundation
import Orchestrate

/// A field's `richContent` (LABEL, SINGLE_CHECKBOX): a text whose `{{key}}` placeholders stand
/// for the entries of `replacements`, each a link (`type` "link", with its text in `value` and
/// its address in `href`). A terminal cannot follow a link, so each is written as its text
/// with its address after it: "Read the terms (https://…)". The result is server text, shown
/// neutralised like any other.
enum RichContent {
    /// The text with its placeholders filled in, or nil when the field has no rich content.
    static func text(of richContent: JSONValue?) -> String? {
        guard let template = richContent?["content"]?.stringValue, !template.isEmpty else { return nil }
        let replacements = richContent?["replacements"]
        var text = ""
        var rest = Substring(template)
        // One pass, so a replacement's own text is never searched for placeholders.
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            text += rest[..<open.lowerBound]
            let key = String(rest[open.upperBound..<close.lowerBound]).trimmingSpaces()
            text += replacements?[key].map { shown($0, key: key) } ?? String(rest[open.lowerBound..<close.upperBound])
            rest = rest[close.upperBound...]
        }
        return text + rest
    }

    private static func shown(_ replacement: JSONValue, key: String) -> String {
        let value = replacement["value"]?.stringValue ?? key
        guard let address = replacement["href"]?.stringValue, !address.isEmpty else { return value }
        return "\(value) (\(address))"
    }
}
