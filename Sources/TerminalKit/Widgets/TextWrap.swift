import Synchronization

/// Fits text into terminal columns: the one word-wrapping algorithm every widget uses, and
/// truncation with "…". All widths are display widths (`TextWidth`).
public enum TextWrap {
    /// Text that had to be wrapped, by text and width: every frame draws the whole page again,
    /// and wrapping a page's long text (terms, hints) again on each key press was most of a
    /// frame's time. Emptied when full; it only ever saves work.
    private static let wrapped = Mutex<[WrapKey: [String]]>([:])
    private static let wrappedLimit = 512

    private struct WrapKey: Hashable {
        let text: String
        let width: Int
    }

    /// The text broken into lines no wider than `width`: at spaces where possible, inside words
    /// longer than a line otherwise (after a `/`, `&`, `?`, `=` or other address punctuation
    /// when one falls in the second half of the line, so an address breaks between its parts). Explicit newlines always start a new line; spaces where a
    /// line breaks are dropped, indentation at the start of a paragraph is kept when it fits.
    /// Empty text has no lines, and neither has any text when `width` ≤ 0. A character wider
    /// than the whole width cannot be shown and is left out.
    public static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0, !text.isEmpty else { return [] }
        // Most labels and values: one line of printable ASCII that fits, nothing to break.
        if let columns = TextWidth.printableASCII(text.utf8), columns <= width, text.utf8.last != UInt8(ascii: " ") {
            return [text]
        }
        let key = WrapKey(text: text, width: width)
        if let lines = wrapped.withLock({ $0[key] }) { return lines }
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            .flatMap { wrap($0, width: width) }
        wrapped.withLock { cache in
            if cache.count >= wrappedLimit { cache.removeAll(keepingCapacity: true) }
            cache[key] = lines
        }
        return lines
    }

    /// Like `lines(_:width:)`, with `prefix` before the first line and as many spaces before
    /// the others (a hanging indent: "[x] I agree to…" / "    the terms"). Empty text gives
    /// the prefix alone. When the prefix leaves no room, prefix and text wrap together.
    public static func lines(_ text: String, width: Int, prefix: String) -> [String] {
        let indent = TextWidth.of(prefix)
        guard width > indent else { return lines(prefix + text, width: width) }
        let body = lines(text, width: width - indent)
        guard !body.isEmpty else { return prefix.isEmpty ? [] : [prefix] }
        let padding = String(repeating: " ", count: indent)
        return body.enumerated().map { ($0.offset == 0 ? prefix : padding) + $0.element }
    }

    /// The text without its first `columns` display columns (a wide character half cut off
    /// goes with them): a line scrolled sideways.
    public static func dropping(_ columns: Int, from text: String) -> String {
        guard columns > 0 else { return text }
        var dropped = 0
        var index = text.startIndex
        while index < text.endIndex, dropped < columns {
            dropped += TextWidth.of(text[index])
            index = text.index(after: index)
        }
        return String(text[index...])
    }

    /// The text if it fits in `width`, else as much of its beginning as fits with "…" (spaces
    /// before the "…" dropped).
    public static func truncated(_ text: String, width: Int) -> String {
        guard TextWidth.of(text) > width else { return text }
        guard width > 0 else { return "" }
        var head = prefix(of: text[...], fitting: width - 1)
        while head.last == " " { head = head.dropLast() }
        return head + "…"
    }

    /// The longest beginning of `text` no wider than `width`.
    static func prefix(of text: Substring, fitting width: Int) -> Substring {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            used += TextWidth.of(text[index])
            if used > width { break }
            end = text.index(after: index)
        }
        return text[..<end]
    }

    /// Characters after which a long address or token may break.
    private static let addressBreaks: Set<Character> = ["/", "&", "?", "=", "#", ":", ",", ";", ".", "-", "_"]

    /// `head` (the part of an over-long word that fits a line) cut after its last address
    /// punctuation, when that keeps at least half the line; else `head` itself.
    private static func atAddressBreak(_ head: Substring, width: Int) -> Substring {
        guard let last = head.lastIndex(where: addressBreaks.contains) else { return head }
        let cut = head[...last]
        return TextWidth.of(cut) * 2 >= width ? cut : head
    }

    /// One paragraph (no newlines) as lines: greedy, word by word.
    private static func wrap(_ paragraph: Substring, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        var rest = paragraph
        while !rest.isEmpty {
            let gap = rest.prefix { $0 == " " }
            let word = rest.dropFirst(gap.count).prefix { $0 != " " }
            rest = rest[word.endIndex...]
            guard !word.isEmpty else { break }
            // Spaces count between words on a line, and as indentation before the first word.
            let piece = line.isEmpty && !lines.isEmpty ? word : gap + word
            let pieceWidth = TextWidth.of(piece)
            if lineWidth + pieceWidth <= width {
                line += piece
                lineWidth += pieceWidth
                continue
            }
            if !line.isEmpty { lines.append(line) }
            // The word starts a line of its own, broken into full lines while it is too long.
            var remaining = word
            var head = prefix(of: remaining, fitting: width)
            while head.endIndex < remaining.endIndex {
                head = atAddressBreak(head, width: width)
                if head.isEmpty {
                    remaining = remaining.dropFirst()
                } else {
                    lines.append(String(head))
                    remaining = remaining[head.endIndex...]
                }
                head = prefix(of: remaining, fitting: width)
            }
            line = String(remaining)
            lineWidth = TextWidth.of(line)
        }
        lines.append(line)
        return lines
    }
}
