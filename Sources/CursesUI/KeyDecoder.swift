import TerminalKit

/// Turns what curses' `get_wch` returns into `KeyEvent`s. Pure: it is fed `(status, code)`
/// pairs and never calls curses, so every key sequence can be tested as data.
///
/// Curses already translates the keys its terminal description knows (arrows, F-keys…) into
/// key codes. What reaches the decoder as characters is interpreted here: control characters,
/// Esc and Alt (Esc then a character), the bracketed-paste markers `ESC [200~` / `ESC [201~`,
/// and a few raw sequences (Ctrl-PgUp `ESC [5;5~`, Ctrl-PgDn `ESC [6;5~`, arrows, Home/End,
/// PgUp/PgDn, Delete, Shift-Tab) in case the terminal description does not name them.
///
/// After Esc (or an unfinished sequence) the decoder waits for more; when the escape delay
/// passes with no input, the caller calls `flushPendingEscape()` and a lone Esc becomes
/// `.escape`.
public struct KeyDecoder: Sendable {
    private enum State: Sendable {
        case ground
        /// Esc seen.
        case escape
        /// `ESC [` seen; `sequence` holds the parameter bytes so far.
        case controlSequence
        /// `ESC O` seen.
        case singleShift
        /// Inside a bracketed paste; `sequence` holds the pasted text so far.
        case paste
    }

    private static let pasteEnd: [Unicode.Scalar] = ["\u{1B}", "[", "2", "0", "1", "~"]
    /// Parameter bytes kept per sequence; a longer sequence is no key and is read to its end
    /// and dropped.
    private static let longestParameters = 16

    private let codes: CursesKeyCodes
    private var state = State.ground
    private var sequence: [Unicode.Scalar] = []
    /// How many characters of the paste end marker have arrived.
    private var pasteEndMatched = 0

    public init(codes: CursesKeyCodes) {
        self.codes = codes
    }

    /// True while an Esc, a sequence or a paste is unfinished: the caller should keep reading
    /// (for the escape delay, longer during a paste) and call `flushPendingEscape()` if
    /// nothing more comes.
    public var isAwaitingMore: Bool {
        if case .ground = state { return false }
        return true
    }

    /// True inside a bracketed paste.
    public var isPasting: Bool {
        if case .paste = state { return true }
        return false
    }

    /// Decodes one `get_wch` result. A status that is neither OK nor KEY_CODE_YES (ERR) gives
    /// no events.
    public mutating func feed(status: Int32, code: UInt32) -> [KeyEvent] {
        if status == codes.ok {
            guard let scalar = Unicode.Scalar(code) else { return [] }
            return feed(scalar)
        }
        guard status == codes.keyCodeYes, let event = codes.keys[Int32(bitPattern: code)] else { return [] }
        return feed(event)
    }

    /// The escape delay passed with no input: a lone Esc is `.escape`, `ESC [` alone is
    /// Alt-[, `ESC O` alone is Alt-O, an unfinished sequence is dropped, and a paste whose
    /// end marker never came is delivered as it is.
    public mutating func flushPendingEscape() -> [KeyEvent] {
        defer { reset() }
        switch state {
        case .ground: return []
        case .escape: return [.escape]
        case .controlSequence: return sequence.isEmpty ? [.alt("[")] : []
        case .singleShift: return [.alt("O")]
        case .paste: return [.paste(Self.cleanPaste(sequence))]
        }
    }

    private mutating func reset() {
        state = .ground
        sequence.removeAll(keepingCapacity: true)
        pasteEndMatched = 0
    }

    // MARK: Key codes

    private mutating func feed(_ key: KeyEvent) -> [KeyEvent] {
        if key == .resize { return [.resize] }
        switch state {
        case .paste:
            return key == .enter ? inPaste("\r") : []
        case .ground, .escape, .controlSequence, .singleShift:
            // Esc then a key within the escape delay is Alt with that key: the key counts.
            reset()
            return [key]
        }
    }

    // MARK: Characters

    private mutating func feed(_ scalar: Unicode.Scalar) -> [KeyEvent] {
        switch state {
        case .ground:
            return ground(scalar)
        case .escape:
            return afterEscape(scalar)
        case .controlSequence:
            return inControlSequence(scalar)
        case .singleShift:
            reset()
            return Self.singleShiftKeys[scalar].map { [$0] } ?? []
        case .paste:
            return inPaste(scalar)
        }
    }

    private mutating func ground(_ scalar: Unicode.Scalar) -> [KeyEvent] {
        switch scalar.value {
        case 0x1B:
            state = .escape
            return []
        case 0x09: return [.tab]
        case 0x0A, 0x0D: return [.enter]
        case 0x08, 0x7F: return [.backspace]
        case 0x01...0x1A:
            return [.control(Character(Unicode.Scalar(UInt8(0x60 + scalar.value))))]
        default:
            return Self.isPrintable(scalar) ? [.character(Character(scalar))] : []
        }
    }

    private mutating func afterEscape(_ scalar: Unicode.Scalar) -> [KeyEvent] {
        switch scalar {
        case "\u{1B}":
            return [.escape]
        case "[":
            state = .controlSequence
            return []
        case "O":
            state = .singleShift
            return []
        default:
            reset()
            if Self.isPrintable(scalar) { return [.alt(Character(scalar))] }
            // Esc then Enter, Tab or a control key: both count on their own.
            return [.escape] + ground(scalar)
        }
    }

    private mutating func inControlSequence(_ scalar: Unicode.Scalar) -> [KeyEvent] {
        switch scalar.value {
        case 0x20...0x3F:
            if sequence.count < Self.longestParameters { sequence.append(scalar) }
            return []
        case 0x40...0x7E:
            let parameters = String(String.UnicodeScalarView(sequence))
            reset()
            if parameters == "200", scalar == "~" {
                state = .paste
                return []
            }
            return Self.controlSequenceKeys[parameters + String(scalar)].map { [$0] } ?? []
        default:
            // Not a sequence after all: `ESC [` was Alt-[, and the character counts on its own.
            let wasBare = sequence.isEmpty
            reset()
            return (wasBare ? [.alt("[")] : []) + ground(scalar)
        }
    }

    /// Collects pasted text until the end marker `ESC [201~`; then the whole paste is one event.
    private mutating func inPaste(_ scalar: Unicode.Scalar) -> [KeyEvent] {
        if scalar == Self.pasteEnd[pasteEndMatched] {
            pasteEndMatched += 1
            guard pasteEndMatched == Self.pasteEnd.count else { return [] }
            let text = Self.cleanPaste(sequence)
            reset()
            return [.paste(text)]
        }
        if pasteEndMatched > 0 {
            // A false start of the end marker was pasted text after all.
            sequence.append(contentsOf: Self.pasteEnd[..<pasteEndMatched])
            pasteEndMatched = 0
            if scalar == Self.pasteEnd[0] {
                pasteEndMatched = 1
                return []
            }
        }
        sequence.append(scalar)
        return []
    }

    // MARK: Tables

    /// Raw `ESC [` sequences (parameters and final byte) that name keys.
    private static let controlSequenceKeys: [String: KeyEvent] = [
        "A": .up, "B": .down, "C": .right, "D": .left, "H": .home, "F": .end, "Z": .backTab,
        "1~": .home, "4~": .end, "3~": .delete, "5~": .pageUp, "6~": .pageDown,
        "5;5~": .ctrlPageUp, "6;5~": .ctrlPageDown,
    ]

    /// Raw `ESC O` sequences (application cursor keys, F1–F4).
    private static let singleShiftKeys: [Unicode.Scalar: KeyEvent] = [
        "A": .up, "B": .down, "C": .right, "D": .left, "H": .home, "F": .end,
        "P": .function(1), "Q": .function(2), "R": .function(3), "S": .function(4),
    ]

    private static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x20 && !(0x7F..<0xA0).contains(scalar.value)
    }

    /// Pasted text keeps newlines and tabs; CR and CR LF become a newline, other control
    /// characters are dropped.
    static func cleanPaste(_ scalars: [Unicode.Scalar]) -> String {
        var text = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in scalars {
            defer { previous = scalar }
            switch scalar {
            case "\r": text.append("\n")
            case "\n": if previous != "\r" { text.append("\n") }
            case "\t": text.append("\t")
            default: if isPrintable(scalar) { text.append(scalar) }
            }
        }
        return String(text)
    }
}
