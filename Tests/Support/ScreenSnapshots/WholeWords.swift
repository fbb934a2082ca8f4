import TerminalKit
import Testing

/// The sizes each screen in docs/screens is snapshot at: a large terminal, the usual one, the
/// smallest the full-screen UI draws in.
public enum ScreenSizes {
    public static let all = [Size(width: 120, height: 40), Size(width: 80, height: 24), Size(width: 60, height: 16)]

    /// `app-log` at 80x24 is `app-log-80x24`.
    public static func name(_ screen: String, _ size: Size) -> String { "\(screen)-\(size.width)x\(size.height)" }

    /// Snapshots the screen `render` draws as `screen` at each size (also in docs/screens), and
    /// checks that it cuts no word against the same screen drawn with room to spare: the whole
    /// screen, or only the box titled `box` (a dialog hides part of the page under it).
    /// `alsoWhenShort`: words a screen short of room adds (a panel's "lines 1–11 of 20").
    public static func expectEach(_ screen: String, box: String? = nil, alsoWhenShort: String = "", filePath: String = #filePath,
                                  sourceLocation: SourceLocation = #_sourceLocation, _ render: (Size) -> Canvas) {
        let roomy = render(WholeWords.roomy)
        let whole = box.flatMap { WholeWords.box(titled: $0, on: roomy) } ?? CanvasText.text(roomy)
        for size in all {
            let canvas = render(size)
            assertScreenSnapshot(canvas, named: name(screen, size), screensFolder: true, filePath: filePath, sourceLocation: sourceLocation)
            let shown = box.flatMap { WholeWords.box(titled: $0, on: canvas) } ?? CanvasText.text(canvas)
            #expect(WholeWords.cut(in: shown, width: size.width, whole: whole + WholeWords.scrollMarkers + " " + alsoWhenShort) == [], "\(screen) at \(size)",
                    sourceLocation: sourceLocation)
        }
    }
}

/// Finds the words a smaller screen cuts: every word on the small screen must be a word the
/// same screen shows whole when nothing is short of room, or end in "…" (shortened, and saying
/// so), or be a piece of a word longer than the small screen is wide (it cannot fit anywhere).
public enum WholeWords {
    /// Where nothing is short of room.
    public static let roomy = Size(width: 240, height: 80)

    /// What a screen short of rows adds: "↑ more" / "↓ more".
    public static let scrollMarkers = " ↑ ↓ more"

    /// "word" in "row", one per cut word on `screen`, given the same screen drawn `whole`.
    public static func cut(on screen: Canvas, whole: Canvas) -> [String] {
        cut(in: CanvasText.text(screen), width: screen.size.width, whole: CanvasText.text(whole))
    }

    /// "word" in "row", one per cut word in `text` (at most `width` columns), given the same
    /// text drawn `whole`.
    public static func cut(in text: String, width: Int, whole: String) -> [String] {
        let vocabulary = Set(words(whole))
        let long = vocabulary.filter { $0.count > width }
        var found: [String] = []
        for row in text.components(separatedBy: "\n") {
            for word in words(row) where !vocabulary.contains(word) {
                let shortened = word.hasSuffix("…") && vocabulary.contains { $0.hasPrefix(word.dropLast()) }
                let pieceOfLong = long.contains { $0.contains(word) }
                if !shortened && !pieceOfLong { found.append("\"\(word)\" in \"\(row)\"") }
            }
        }
        return found
    }

    /// The rows of the box whose top border holds `title`, borders included and what is around
    /// it left out (a dialog hides part of the page under it; that page is not what is checked).
    public static func box(titled title: String, on canvas: Canvas) -> String? {
        let rows = CanvasText.text(canvas).components(separatedBy: "\n").map(Array.init)
        guard let top = rows.firstIndex(where: { $0.firstRange(of: Array(title)) != nil }),
              let start = rows[top].firstRange(of: Array(title))?.lowerBound,
              let left = rows[top][..<start].lastIndex(of: "┌"),
              let right = rows[top][start...].firstIndex(of: "┐"),
              let bottom = rows[top...].firstIndex(where: { $0.count > right && $0[right] == "┘" })
        else { return nil }
        return rows[top...bottom].map { String($0[left...right]) }.joined(separator: "\n")
    }

    /// The words of `text`: split at spaces and the lines of boxes.
    public static func words(_ text: String) -> [Substring] {
        text.split(whereSeparator: { $0.isWhitespace || "│─┌┐└┘├┤".contains($0) })
    }
}
