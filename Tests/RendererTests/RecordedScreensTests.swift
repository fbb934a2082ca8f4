import Foundation
import ScreenSnapshots
import TerminalKit
import Testing

/// Every screen in docs/screens (journey forms, DaVinci forms and the full-screen UI), scanned
/// for the cuts a reader would see: a word a smaller size cuts, a word cut by the right border of
/// its box, a "↓ more" drawn over a field.
struct RecordedScreensTests {
    @Test func noRecordedScreenCutsAWord() throws {
        let screens = try RecordedScreen.all()
        #expect(screens.count >= 3 * 20, "docs/screens holds the screens at three sizes")
        let byName = Dictionary(grouping: screens, by: \.name)
        for (name, sizes) in byName.sorted(by: { $0.key < $1.key }) {
            if !RecordedScreen.atOneSize.contains(name) {
                #expect(Set(sizes.map(\.size)).isSuperset(of: ScreenSizes.all), "\(name) at 120x40, 80x24 and 60x16")
            }
            let largest = try #require(sizes.max { $0.size.width * $0.size.height < $1.size.width * $1.size.height })
            let whole = largest.visibleText + WholeWords.scrollMarkers + RecordedScreen.shortOfRoom
            for screen in sizes {
                #expect(screen.rows.allSatisfy { $0.count <= screen.size.width } && screen.rows.count <= screen.size.height,
                        "\(screen.file) fits \(screen.size)")
                if screen.size != largest.size {
                    #expect(WholeWords.cut(in: RecordedScreen.lettered(screen.visibleText), width: screen.size.width, whole: whole) == [],
                            "\(screen.file) against \(largest.file)")
                }
                #expect(screen.wordsAgainstARightBorder == [], "\(screen.file)")
                #expect(screen.fieldsUnderAMoreMarker == [], "\(screen.file)")
            }
        }
    }

    @Test func theScanFindsEachKindOfCut() {
        let box = RecordedScreen(file: "t-21x4.txt", text: """
            page text┌  T  ────┐
            hidden   │ whole   │x
            more     │  halfwor│
                     └─────────┘
            """)
        #expect(box.wordsAgainstARightBorder == ["\"halfwor\" in \"more     │  halfwor│\""])
        #expect(!box.visibleText.contains("text") && !box.visibleText.contains("x") && box.visibleText.contains("page"),
                "the page words a box covers part of are not read")
        let field = RecordedScreen(file: "t-20x2.txt", text: "Name\n[ demo    ↓ more")
        #expect(field.fieldsUnderAMoreMarker == ["[ demo    ↓ more"])
        let smaller = RecordedScreen(file: "t-15x4.txt", text: "a sentence\nthat is cu 1–11\n")
        #expect(WholeWords.cut(in: RecordedScreen.lettered(smaller.visibleText), width: 15, whole: "a sentence that is cut 1–20")
                == ["\"cu\" in \"that is cu\""], "a cut word is found; a count that changes with the room is not read")
    }
}

/// One text file of docs/screens: `<name>-<W>x<H>.txt`.
struct RecordedScreen {
    /// Words a screen short of room adds: a panel's "↑↓ PgUp PgDn · lines 1–11 of 20".
    static let shortOfRoom = " ↑↓ PgUp PgDn lines of"

    /// Screens that show something only the smallest size has: a page scrolled, the request
    /// pane's call list shrunk to a window, the New tab list scrolled to its end (a larger
    /// screen needs no scrolling).
    static let atOneSize: Set = ["app-signed-in-scrolled", "app-request-answered", "app-new-tab-end"]

    static let folder = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "docs/screens")

    let file: String
    let name: String
    let size: Size
    let rows: [[Character]]

    /// Every screen in docs/screens.
    static func all() throws -> [RecordedScreen] {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".txt") }.sorted()
        return try files.map { file in
            let screen = RecordedScreen(file: file, text: try String(contentsOf: folder.appending(path: file), encoding: .utf8))
            try #require(screen.size.width > 0, "\(file) is not named <name>-<W>x<H>.txt")
            return screen
        }
    }

    init(file: String, text: String) {
        self.file = file
        let parts = file.dropLast(".txt".count).split(separator: "-")
        let dimensions = parts.last?.split(separator: "x").compactMap { Int($0) } ?? []
        name = parts.dropLast().joined(separator: "-")
        size = dimensions.count == 2 ? Size(width: dimensions[0], height: dimensions[1]) : Size(width: 0, height: 0)
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        rows = lines.map(Array.init)
    }

    /// A box drawn on the screen: its top and bottom rows and its left and right columns.
    struct Box {
        let top: Int, bottom: Int, left: Int, right: Int
    }

    var boxes: [Box] {
        var found: [Box] = []
        for (top, row) in rows.enumerated() {
            for left in row.indices where row[left] == "┌" {
                guard let right = row[left...].firstIndex(of: "┐") else { continue }
                let bottom = rows.indices.dropFirst(top + 1).first { rows[$0].count > right && rows[$0][right] == "┘" } ?? rows.count - 1
                found.append(Box(top: top, bottom: bottom, left: left, right: right))
            }
        }
        return found
    }

    /// The runs of characters between spaces and box lines in row `index`, as column ranges.
    func words(inRow index: Int) -> [Range<Int>] {
        let row = rows[index]
        var ranges: [Range<Int>] = []
        var start: Int?
        for column in 0...row.count {
            let separator = column == row.count || row[column].isWhitespace || "│─┌┐└┘├┤".contains(row[column])
            if separator, let begun = start {
                ranges.append(begun..<column)
                start = nil
            } else if !separator, start == nil {
                start = column
            }
        }
        return ranges
    }

    /// The screen's text without the words of a page a box is drawn over (the box hides their
    /// ends; that is the page under a dialog, not a cut).
    var visibleText: String {
        let boxes = self.boxes
        return rows.indices.map { index in
            var row = rows[index]
            for word in words(inRow: index) {
                let covered = boxes.contains { box in
                    (box.top...box.bottom).contains(index) && (word.upperBound == box.left || word.lowerBound == box.right + 1)
                }
                if covered { row.replaceSubrange(word, with: repeatElement(" ", count: word.count)) }
            }
            return String(row)
        }.joined(separator: "\n")
    }

    /// `text` with only the words that hold a letter: counts ("lines 1–11 of 20") change with
    /// the room a screen has, and what is cut is a word.
    static func lettered(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { row in
            row.split(separator: " ").filter { $0.contains(where: \.isLetter) }.joined(separator: " ")
        }.joined(separator: "\n")
    }

    /// "word" in "row" for each word inside a box that runs into its right border (a box keeps
    /// a column of space inside its lines).
    var wordsAgainstARightBorder: [String] {
        boxes.flatMap { box in
            (box.top + 1..<max(box.top + 1, box.bottom)).compactMap { index -> String? in
                let row = rows[index]
                guard row.count > box.right, row[box.right] == "│" || row[box.right] == "┤" else { return nil }
                guard let word = words(inRow: index).first(where: { $0.upperBound == box.right && $0.lowerBound > box.left }) else { return nil }
                return "\"\(String(row[word]))\" in \"\(String(row).trimmingCharacters(in: .whitespaces))\""
            }
        }
    }

    /// The rows where "↓ more" (or "↑ more") is drawn over a field: a "[" not closed before it.
    var fieldsUnderAMoreMarker: [String] {
        rows.map { String($0) }.filter { row in
            ["↓ more", "↑ more"].contains { marker in
                guard let at = row.range(of: marker), let opened = row[..<at.lowerBound].lastIndex(of: "[") else { return false }
                return !row[opened..<at.lowerBound].contains("]")
            }
        }
    }
}
