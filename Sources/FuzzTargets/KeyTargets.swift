import CursesUI
import Foundation
import TerminalKit

extension FuzzTarget {
    /// The key decoder: each input is a sequence of curses reads. Byte 0xFF starts a key code
    /// (the next byte picks one of the mapped keys), 0xFE a read that timed out (a lone Esc is
    /// settled), anything else a typed character (UTF-8 decoded).
    static let keyDecoder = FuzzTarget(name: "keys", summary: "curses reads (characters, key codes, timeouts) → key events", maxInputLength: 256,
        seeds: [
            "abc\u{1B}[A\u{1B}OP\u{1B}x",
            "\u{1B}[200~pasted\ntext\u{1B}[201~",
        ]) { data in
        let keyCodes: [Int32] = [258, 259, 260, 261, 262, 263, 330, 338, 339, 353, 360, 410, 265, 266, 555, 560]
        var decoder = KeyDecoder(codes: CursesKeyCodes(ok: 0, keyCodeYes: 256, keys: [
            258: .down, 259: .up, 260: .left, 261: .right, 262: .home, 263: .backspace, 330: .delete, 338: .pageDown,
            339: .pageUp, 353: .backTab, 360: .end, 410: .resize, 265: .function(1), 266: .function(2),
            555: .ctrlPageDown, 560: .ctrlPageUp,
        ]))
        var bytes = data[...]
        while let byte = bytes.popFirst() {
            switch byte {
            case 0xFF:
                let pick = Int(bytes.popFirst() ?? 0) % keyCodes.count
                _ = decoder.feed(status: 256, code: UInt32(keyCodes[pick]))
            case 0xFE:
                _ = decoder.flushPendingEscape()
            default:
                var run = [byte]
                while let next = bytes.first, next & 0xC0 == 0x80 { run.append(next); bytes = bytes.dropFirst() }
                for scalar in String(decoding: run, as: UTF8.self).unicodeScalars {
                    _ = decoder.feed(status: 0, code: scalar.value)
                }
            }
        }
        _ = decoder.flushPendingEscape()
    }
}
