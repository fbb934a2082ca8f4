import CursesUI
import TerminalKit
import Testing

/// `get_wch` results as ncurses 6.4 gives them (xterm-256color's extended Ctrl-PgUp/PgDn codes).
private enum Code {
    static let ok: Int32 = 0
    static let keyCodeYes: Int32 = 256
    static let error: Int32 = -1
    static let down: UInt32 = 258, up: UInt32 = 259, left: UInt32 = 260, right: UInt32 = 261
    static let home: UInt32 = 262, backspace: UInt32 = 263, delete: UInt32 = 330
    static let pageDown: UInt32 = 338, pageUp: UInt32 = 339, enter: UInt32 = 343
    static let backTab: UInt32 = 353, end: UInt32 = 360, resize: UInt32 = 410
    static let ctrlPageDown: UInt32 = 555, ctrlPageUp: UInt32 = 560
    static func function(_ number: Int) -> UInt32 { 264 + UInt32(number) }

    static let standardKeys: [Int32: KeyEvent] = {
        var keys: [Int32: KeyEvent] = [
            343: .enter, 353: .backTab, 263: .backspace, 330: .delete, 259: .up, 258: .down,
            260: .left, 261: .right, 262: .home, 360: .end, 339: .pageUp, 338: .pageDown, 410: .resize,
        ]
        for number in 1...12 { keys[264 + Int32(number)] = .function(number) }
        return keys
    }()

    static let table: CursesKeyCodes = {
        var keys = standardKeys
        keys[Int32(ctrlPageUp)] = .ctrlPageUp
        keys[Int32(ctrlPageDown)] = .ctrlPageDown
        return CursesKeyCodes(ok: ok, keyCodeYes: keyCodeYes, keys: keys)
    }()
}

private struct Input {
    let status: Int32
    let code: UInt32

    static func key(_ code: UInt32) -> Input { Input(status: Code.keyCodeYes, code: code) }
    static func character(_ code: UInt32) -> Input { Input(status: Code.ok, code: code) }
    static let escape = character(0x1B)
}

/// Every character of `text` as `get_wch` returns it, one scalar at a time.
private func typed(_ text: String) -> [Input] {
    text.unicodeScalars.map { Input.character($0.value) }
}

/// Feeds the inputs one by one (as separate reads would), then optionally lets the escape
/// delay pass.
private func decode(_ inputs: [Input], thenTimeout: Bool = false) -> [KeyEvent] {
    var decoder = KeyDecoder(codes: Code.table)
    var events = inputs.flatMap { decoder.feed(status: $0.status, code: $0.code) }
    if thenTimeout { events += decoder.flushPendingEscape() }
    return events
}

struct KeyDecoderTests {
    @Test func printableCharactersIncludingWideAndAccented() {
        #expect(decode(typed("aZ 9é日😀~")) == "aZ 9é日😀~".map(KeyEvent.character))
    }

    @Test func enterTabBackspaceAndDeleteFromCharactersAndKeyCodes() {
        #expect(decode([.character(10), .character(13), .key(Code.enter)]) == [.enter, .enter, .enter])
        #expect(decode([.character(9), .key(Code.backTab)]) == [.tab, .backTab])
        #expect(decode([.character(127), .character(8), .key(Code.backspace)]) == [.backspace, .backspace, .backspace])
        #expect(decode([.key(Code.delete)]) == [.delete])
    }

    @Test func navigationKeys() {
        let keys: [UInt32] = [Code.up, Code.down, Code.left, Code.right, Code.home, Code.end, Code.pageUp, Code.pageDown]
        #expect(decode(keys.map(Input.key)) == [.up, .down, .left, .right, .home, .end, .pageUp, .pageDown])
    }

    @Test func functionKeysOneToTwelve() {
        #expect(decode((1...12).map { .key(Code.function($0)) }) == (1...12).map(KeyEvent.function))
    }

    @Test func controlLettersExceptTabEnterAndBackspace() {
        let special: [UInt32: KeyEvent] = [8: .backspace, 9: .tab, 10: .enter, 13: .enter]
        for code in UInt32(1)...26 {
            let expected = special[code] ?? .control(Character(Unicode.Scalar(0x60 + code)!))
            #expect(decode([.character(code)]) == [expected], "code \(code)")
        }
        #expect(decode([.character(3)]) == [.control("c")])
    }

    @Test func otherControlCodesUnknownKeysAndErrorsAreDropped() {
        #expect(decode([0, 28, 29, 30, 31, 0x85, 0x9B].map(Input.character)) == [])
        #expect(decode([.character(0xD800)]) == [], "not a Unicode scalar")
        #expect(decode([.key(999), .key(Code.function(13))]) == [])
        #expect(decode([Input(status: Code.error, code: 97)]) == [])
    }

    @Test func loneEscapeWaitsForTheDelay() {
        var decoder = KeyDecoder(codes: Code.table)
        #expect(decoder.feed(status: Code.ok, code: 0x1B) == [])
        #expect(decoder.isAwaitingMore)
        #expect(decoder.flushPendingEscape() == [.escape])
        #expect(!decoder.isAwaitingMore)
        #expect(decoder.flushPendingEscape() == [])
        #expect(decode([.escape, .escape], thenTimeout: true) == [.escape, .escape])
    }

    @Test func altWithDigitsAndLetters() {
        for digit in "123456789" {
            #expect(decode([.escape] + typed(String(digit))) == [.alt(digit)])
        }
        #expect(decode([.escape] + typed("x") + [.escape] + typed("é")) == [.alt("x"), .alt("é")])
        #expect(decode([.escape] + typed("1a")) == [.alt("1"), .character("a")])
    }

    @Test func escapeThenAControlKeyCountsBothAndEscapeThenAKeyCodeCountsTheKey() {
        #expect(decode([.escape, .character(13)]) == [.escape, .enter])
        #expect(decode([.escape, .character(3)]) == [.escape, .control("c")])
        #expect(decode([.escape, .key(Code.up)]) == [.up])
    }

    @Test func ctrlPageUpAndDownAsKeyCodesAndAsRawSequences() {
        #expect(decode([.key(Code.ctrlPageUp), .key(Code.ctrlPageDown)]) == [.ctrlPageUp, .ctrlPageDown])
        #expect(decode([.escape] + typed("[5;5~") + [.escape] + typed("[6;5~")) == [.ctrlPageUp, .ctrlPageDown])
    }

    @Test func aSequenceSplitAcrossReadsCompletesOnlyAtItsFinalByte() {
        var decoder = KeyDecoder(codes: Code.table)
        for input in [Input.escape] + typed("[5;5") {
            #expect(decoder.feed(status: input.status, code: input.code) == [])
            #expect(decoder.isAwaitingMore)
        }
        #expect(decoder.feed(status: Code.ok, code: 0x7E) == [.ctrlPageUp])
        #expect(!decoder.isAwaitingMore)
        #expect(decoder.feed(status: Code.ok, code: 0x71) == [.character("q")])
    }

    @Test func unfinishedSequencesOnTimeout() {
        #expect(decode([.escape] + typed("["), thenTimeout: true) == [.alt("[")])
        #expect(decode([.escape] + typed("O"), thenTimeout: true) == [.alt("O")])
        #expect(decode([.escape] + typed("[5;"), thenTimeout: true) == [])
        #expect(decode([.escape] + typed("["), thenTimeout: false) == [])
        #expect(decode([.escape] + typed("[") + [.character(13)]) == [.alt("["), .enter])
    }

    @Test func rawCursorSequencesWhenTheTerminalDescriptionMissesThem() {
        let csi = ["A", "B", "C", "D", "H", "F", "Z", "1~", "4~", "3~", "5~", "6~"]
        let events = decode(csi.flatMap { [.escape] + typed("[" + $0) })
        #expect(events == [.up, .down, .right, .left, .home, .end, .backTab, .home, .end, .delete, .pageUp, .pageDown])
        let ss3 = decode("ABCDHFPQRS".flatMap { [.escape] + typed("O" + String($0)) })
        #expect(ss3 == [.up, .down, .right, .left, .home, .end, .function(1), .function(2), .function(3), .function(4)])
    }

    @Test func unknownSequencesAreDroppedWhole() {
        #expect(decode([.escape] + typed("[99x") + [.escape] + typed("[1;3A") + typed("k")) == [.character("k")])
        #expect(decode([.escape] + typed("Oz") + typed("k")) == [.character("k")])
        #expect(decode([.escape] + typed("[201~")) == [], "a paste end without a start")
        #expect(decode([.escape] + typed("[" + String(repeating: "1;", count: 20) + "5~x")) == [.character("x")])
    }

    @Test func bracketedPasteIsOneEventWithControlCharactersRemoved() {
        let inputs = [.escape] + typed("[200~") + typed("user\r\nname\tx\u{7}\u{1B}y\rz\u{9B}") + [.escape] + typed("[201~")
        #expect(decode(inputs) == [.paste("user\nname\txy\nz")])
    }

    @Test func aPasteKeepsFalseStartsOfItsEndMarker() {
        let inputs = [.escape] + typed("[200~") + typed("a\u{1B}[20b\u{1B}\u{1B}[201") + [.escape] + typed("[201~q")
        #expect(decode(inputs) == [.paste("a[20b[201"), .character("q")])
    }

    @Test func aLongPasteArrivesWhole() {
        let text = String((0..<3000).map { index -> Character in
            switch index % 100 {
            case 99: "\n"
            case 50: "日"
            default: Character(Unicode.Scalar(UInt8(0x21 + index % 90)))
            }
        })
        var decoder = KeyDecoder(codes: Code.table)
        var events: [KeyEvent] = []
        func feed(_ inputs: [Input], thenPasting: Bool) {
            for input in inputs {
                events += decoder.feed(status: input.status, code: input.code)
                #expect(decoder.isPasting == thenPasting)
            }
        }
        feed([.escape] + typed("[200"), thenPasting: false)
        feed(typed("~") + typed(text) + [.escape] + typed("[201"), thenPasting: true)
        feed(typed("~"), thenPasting: false)
        #expect(events == [.paste(text)])
        #expect(!decoder.isAwaitingMore)
    }

    @Test func keysDuringAPaste() {
        let inputs = [.escape] + typed("[200~a") + [.key(Code.enter), .key(Code.resize), .key(Code.up)] + typed("b")
            + [.escape] + typed("[201~")
        #expect(decode(inputs) == [.resize, .paste("a\nb")])
    }

    @Test func aPasteWithoutItsEndMarkerIsDeliveredOnTimeout() {
        #expect(decode([.escape] + typed("[200~abc") + [.escape] + typed("[2"), thenTimeout: true) == [.paste("abc")])
    }

    @Test func resizeAlsoWhileAnEscapeIsPending() {
        #expect(decode([.key(Code.resize)]) == [.resize])
        #expect(decode([.escape, .key(Code.resize)], thenTimeout: true) == [.resize, .escape])
    }

    @Test func theLinkedNcursesUsesTheCodesTheseTestsAssume() {
        let codes = CursesKeyCodes.ncurses
        #expect(codes.ok == Code.ok)
        #expect(codes.keyCodeYes == Code.keyCodeYes)
        #expect(codes.keys == Code.standardKeys)
    }
}
