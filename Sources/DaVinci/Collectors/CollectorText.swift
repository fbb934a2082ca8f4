import Orchestrate

/// What a person reads for the collectors a terminal shows as text: an agreement's title and
/// text, an image's description, address and link, a METADATA step and what is sent for it. The
/// same words in the plain mode and the full-screen form, neutralised for a terminal.
public enum CollectorText {
    public static func lines(_ collector: Collector) -> [String] {
        switch collector.kind {
        case .readOnlyText(let title):
            return (title.map { [TerminalText.line($0)] } ?? []) + [PlainText.fromHTML(collector.label), "(Sending the form accepts it.)"]
        case .image(let address, let link):
            var lines = ["Image: " + TerminalText.line(collector.label.isEmpty ? collector.key ?? "" : collector.label)]
            if let address { lines.append("  " + TerminalText.line(address.absoluteString)) }
            if let link { lines.append("  opens " + TerminalText.line(link.absoluteString)) }
            return lines
        case .metadata:
            let code = CollectorKind.metadataUnavailable["code"]?.stringValue ?? ""
            return ["A step for an app's SDK integration module (\(TerminalText.line(collector.key ?? "METADATA"))): this client has none, "
                + "so the form goes as an action with the error \"\(code)\", as an SDK without the module would."]
        default:
            return []
        }
    }
}
