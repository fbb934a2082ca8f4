/// A one-line text input with its label above and hint lines below: names, passwords
/// (masked, optionally revealed with Ctrl-R) and one-time codes (digits only).
///
/// ```
/// Password
/// [ ••••••           ]
/// At least 8 characters
/// ```
///
/// Keys (`keys`): printable characters and pastes insert at the cursor; the map moves, deletes,
/// reveals a masked value (when `canReveal`) and activates (`.activated(0)`). Every printable
/// character is the field's, even one it refuses (a letter in a code field, text past
/// `maxLength`), so typing never reaches the app's shortcuts.
public struct TextField: Widget, Hashable {
    public var label: String
    public var text: String
    /// The insertion point, as a character index into `text` (0 … `text.count`).
    public var cursor: Int
    /// Characters are drawn as bullets.
    public var isMasked: Bool
    /// A masked value is shown in clear.
    public var isRevealed: Bool
    /// Ctrl-R may toggle `isRevealed`.
    public var canReveal: Bool
    /// Shown, muted, while the text is empty.
    public var placeholder: String
    public var hint: [HintLine]
    /// Only the digits 0–9 are accepted (one-time codes).
    public var digitsOnly: Bool
    /// The most characters the text may have.
    public var maxLength: Int?

    /// `cursor` defaults to the end of `text`.
    public init(
        label: String = "",
        text: String = "",
        cursor: Int? = nil,
        isMasked: Bool = false,
        isRevealed: Bool = false,
        canReveal: Bool = false,
        placeholder: String = "",
        hint: [HintLine] = [],
        digitsOnly: Bool = false,
        maxLength: Int? = nil
    ) {
        self.label = label
        self.text = text
        self.cursor = min(max(0, cursor ?? text.count), text.count)
        self.isMasked = isMasked
        self.isRevealed = isRevealed
        self.canReveal = canReveal
        self.placeholder = placeholder
        self.hint = hint
        self.digitsOnly = digitsOnly
        self.maxLength = maxLength
    }

    public var isFocusable: Bool { true }

    public func height(forWidth width: Int) -> Int {
        TextWrap.lines(label, width: width).count + 1 + hintLines(width: width).reduce(0) { $0 + $1.lines.count }
    }

    /// What a key does in a text field.
    public enum Action: Sendable, Hashable {
        case deleteBefore, deleteAfter, left, right, toStart, toEnd, clearToStart, clearToEnd, reveal, activate
    }

    /// The field's keys; printable characters and pastes, which it does not list, are typed.
    public static let keys = KeyMap<Action>([
        KeyBinding([.enter], .activate, help: "submit", detail: "submit the form", bar: .hidden),
        KeyBinding(each: [(.left, .left), (.right, .right)], help: "move", detail: "move the cursor", bar: .hidden, keyLabel: "←/→"),
        KeyBinding([.home, .control("a")], .toStart, help: "to the start", bar: .hidden),
        KeyBinding([.end, .control("e")], .toEnd, help: "to the end", bar: .hidden),
        KeyBinding(each: [(.backspace, .deleteBefore), (.delete, .deleteAfter)], help: "delete",
                   detail: "delete before / after the cursor", bar: .hidden, keyLabel: "Backspace/Delete"),
        KeyBinding([.control("u")], .clearToStart, help: "clear to the start", bar: .hidden),
        KeyBinding([.control("k")], .clearToEnd, help: "clear to the end", bar: .hidden),
        KeyBinding([.control("r")], .reveal, help: "show password", detail: "show or hide the password typed", bar: .hidden),
    ])

    public mutating func update(_ key: KeyEvent) -> WidgetEvent {
        var characters = Array(text)
        var position = min(max(0, cursor), characters.count)
        switch (Self.keys.action(for: key), key) {
        case (nil, .character(let character)):
            insert([character], into: &characters, at: &position)
        case (nil, .paste(let pasted)):
            insert(Array(pasted), into: &characters, at: &position)
        case (.deleteBefore?, _):
            if position > 0 {
                position -= 1
                characters.remove(at: position)
            }
        case (.deleteAfter?, _):
            if position < characters.count { characters.remove(at: position) }
        case (.left?, _):
            position = max(0, position - 1)
        case (.right?, _):
            position = min(characters.count, position + 1)
        case (.toStart?, _):
            position = 0
        case (.toEnd?, _):
            position = characters.count
        case (.clearToStart?, _):
            characters.removeSubrange(..<position)
            position = 0
        case (.clearToEnd?, _):
            characters.removeSubrange(position...)
        case (.reveal?, _) where canReveal:
            isRevealed.toggle()
        case (.activate?, _):
            return .activated(0)
        default:
            return .ignored
        }
        text = String(characters)
        cursor = min(position, text.count)
        return .handled
    }

    public func render(into canvas: inout Canvas, in area: Rect, focused: Bool) {
        let inputRow = canvas.writeLines(TextWrap.lines(label, width: area.width), from: area.y, in: area, role: .label)
        renderInput(into: &canvas, row: inputRow, in: area, focused: focused)
        var y = inputRow + 1
        for line in hintLines(width: area.width) {
            y = canvas.writeLines(line.lines, from: y, in: area, role: line.role)
        }
    }

    /// The boxed value `[ … ]` across the whole width, scrolled so the cursor is visible.
    private func renderInput(into canvas: inout Canvas, row y: Int, in area: Rect, focused: Bool) {
        let role: ThemeRole = focused ? .fieldFocused : .field
        let rowArea = Rect(x: area.x, y: y, width: area.width, height: 1).intersection(area)
        guard rowArea.height == 1 else { return }
        canvas.fill(rowArea, role: role)
        // Focus shows without colour too: `[▸ … ]`.
        canvas.write(focused ? "[▸" : "[", x: area.x, y: y, role: role, clip: rowArea)
        canvas.write("]", x: area.maxX - 1, y: y, role: role, clip: rowArea)
        let box = Rect(x: area.x + 2, y: y, width: area.width - 4, height: 1)
        guard box.width > 0 else { return }
        let shown = displayed
        let position = min(max(0, cursor), shown.count)
        var cursorX = box.x
        if shown.isEmpty {
            canvas.write(TextWrap.truncated(placeholder, width: box.width), x: box.x, y: y, role: .muted, clip: box)
        } else {
            let start = firstVisible(of: shown, cursor: position, width: box.width)
            // The field scrolls sideways: the text runs on past its edge, it is not cut.
            canvas.write(String(shown[start...]), x: box.x, y: y, role: role, clip: box, marksCut: false)
            cursorX += TextWidth.of(String(shown[start..<position]))
        }
        if focused { canvas.cursor = Point(x: cursorX, y: y) }
    }

    /// The characters as drawn: bullets while masked and not revealed.
    private var displayed: [Character] {
        isMasked && !isRevealed ? Array(repeating: "•", count: text.count) : Array(text)
    }

    /// The first character to draw so that the cursor (and the character under it) fits in
    /// `width` columns: the start while it fits, otherwise the cursor sits at the right edge.
    private func firstVisible(of characters: [Character], cursor: Int, width: Int) -> Int {
        var used = cursor < characters.count ? max(1, TextWidth.of(characters[cursor])) : 1
        var start = cursor
        while start > 0 {
            let next = TextWidth.of(characters[start - 1])
            if used + next > width { break }
            used += next
            start -= 1
        }
        return start
    }

    private func hintLines(width: Int) -> [(lines: [String], role: ThemeRole)] {
        hint.map { (TextWrap.lines($0.text, width: width), $0.role) }
    }

    /// Inserts what the field accepts (printable, digits when `digitsOnly`) up to `maxLength`.
    private func insert(_ new: [Character], into characters: inout [Character], at position: inout Int) {
        let accepted = new.filter { TextWidth.of($0) > 0 && (!digitsOnly || ($0.isASCII && $0.isNumber)) }
        let room = maxLength.map { max(0, $0 - characters.count) } ?? accepted.count
        let inserted = accepted.prefix(room)
        characters.insert(contentsOf: inserted, at: position)
        position += inserted.count
    }
}
