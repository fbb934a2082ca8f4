@testable import TerminalKit
import Testing

struct CellTests {
    @Test("A cell gives back the grapheme it was given: ASCII, wide, accented, with combining marks")
    func graphemesRoundTrip() {
        for character: Character in ["a", " ", "~", "é", "漢", "→", "🔑", "e\u{301}", "a\u{301}\u{302}\u{303}\u{304}", "🇫🇷"] {
            #expect(Cell(character).character == character)
        }
    }

    @Test("A cluster longer than 15 UTF-8 bytes keeps its leading whole scalars (curses draws no more)")
    func longClusterKeepsWholeScalars() {
        let family: Character = "👨\u{200D}👩\u{200D}👧\u{200D}👦"  // 25 bytes
        let kept = Cell(family).character
        #expect(kept.unicodeScalars.map(\.value) == [0x1F468, 0x200D, 0x1F469, 0x200D])
        #expect(String(kept).utf8.count <= Cell.maximumBytes)
    }

    @Test("A cell made from an ASCII byte equals the one made from the character, so frames compare equal")
    func asciiCellsEqualCharacterCells() {
        for byte in UInt8(0x20)...0x7E {
            let fromByte = Cell(ascii: byte, role: .label)
            #expect(fromByte == Cell(Character(Unicode.Scalar(byte)), role: .label))
            #expect(fromByte.isASCII)
        }
        #expect(!Cell("é").isASCII)
        #expect(Cell("a", role: .normal) != Cell("a", role: .label))
        #expect(Cell("a") != Cell("b"))
    }

    @Test("Setting the character replaces the whole grapheme, not a prefix of the old one")
    func settingReplaces() {
        var cell = Cell("漢")
        cell.character = "x"
        #expect(cell == Cell("x"))
        cell.character = "é"
        #expect(cell.character == "é")
    }
}
