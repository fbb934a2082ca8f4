import TerminalKit

/// What one box of a map says: a journey's start, one of its ends, or a node with its name, its
/// type, the nodes of its page or the journey it runs, and its outcomes along its bottom edge.
struct MapBox: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case start
        case end(JourneyEnd)
        case node(id: String)
    }

    var kind: Kind
    var title: String
    var details: [String]
    var exits: [String]

    /// Box lines are at most this many columns of text.
    static let widestText = 30
    /// An outcome's label is cut to this many columns.
    static let widestLabel = 16

    /// The box's size and the columns of its exits and entry, with its text cut to `textWidth`.
    /// A box with one exit has it in the middle, under its entry, so a chain of such boxes is
    /// one straight line.
    func layoutBox(textWidth: Int) -> LayoutBox {
        let lines = self.lines(textWidth: textWidth)
        // The title keeps room for a run's mark ("▶ ", "✓ "), so marking a map never moves it.
        let textColumns = lines.enumerated().map { TextWidth.of($0.element.text) + ($0.offset == 0 && !isRounded ? 2 : 0) }.max() ?? 0
        let labels = exitLabels
        if labels.count == 1 {
            let width = max(textColumns + 4, 2 * (TextWidth.of(labels[0]) + 2) + 1, 5)
            return LayoutBox(width: width, height: lines.count + 2, exitColumns: [width / 2], entryColumn: width / 2)
        }
        let exits = exitColumns
        let exitsNeed = exits.last.map { $0 + 1 + TextWidth.of(labels.last!) + 2 } ?? 0
        let width = max(textColumns + 4, exitsNeed, 5)
        return LayoutBox(width: width, height: lines.count + 2, exitColumns: exits, entryColumn: width / 2)
    }

    /// The lines inside the box: the title (wrapped to two lines), then the details.
    func lines(textWidth: Int) -> [(text: String, role: ThemeRole)] {
        var title = TextWrap.lines(self.title, width: textWidth)
        if title.count > 2 { title = [title[0], TextWrap.truncated(title.dropFirst().joined(separator: " "), width: textWidth)] }
        return title.map { ($0, .title) } + details.map { (TextWrap.truncated($0, width: textWidth), .muted) }
    }

    var exitLabels: [String] { exits.map { TextWrap.truncated($0, width: Self.widestLabel) } }

    /// Each exit's column on the bottom edge: `─┬label─┬label─`.
    var exitColumns: [Int] {
        var columns: [Int] = []
        var column = 2
        for label in exitLabels {
            columns.append(column)
            column += 1 + TextWidth.of(label) + 1
        }
        return columns
    }

    /// A page node, or a node that sends callbacks on its own: a run that passes it shows a page.
    var showsPage: Bool

    var isRounded: Bool {
        if case .node = kind { return false }
        return true
    }
}
