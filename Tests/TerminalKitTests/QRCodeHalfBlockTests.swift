@testable import TerminalKit
import Testing

struct QRCodeHalfBlockTests {
    /// "HELLO" at 1-M with mask 2 (the matrix in `QRCodeReferenceTests`), quiet zone 2.
    private func hello() throws -> QRCode { try QRCode("HELLO", errorCorrection: .medium, mask: 2) }

    @Test func darkTerminalDrawsLightModulesAndTheQuietZoneInInk() throws {
        #expect(try hello().halfBlockLines() == [
            "█████████████████████████",
            "██ ▄▄▄▄▄ ███▀▄▀█ ▄▄▄▄▄ ██",
            "██ █   █ █ ▄▀█▀█ █   █ ██",
            "██ █▄▄▄█ █  ▀▀▄█ █▄▄▄█ ██",
            "██▄▄▄▄▄▄▄█ ▀▄█▄█▄▄▄▄▄▄▄██",
            "██▄▀ ▄  ▄▀█▀  ▀▀ ▄▄  ████",
            "███▀ ▄ ▄▄█▄▀▀▀ ▀ ▄█  ▄███",
            "███▄█▄▄▄▄▄ █▀█ ██ █▀▄█▄██",
            "██ ▄▄▄▄▄ █▀▄ ▄█▄█▀ ▀  ███",
            "██ █   █ █  █ ▀ ▀▀▄▀▄▄███",
            "██ █▄▄▄█ █▄ ▀▀ ▀ ▄▀▀ ████",
            "██▄▄▄▄▄▄▄█▄▄██▄███▄█▄▄███",
            "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
        ])
    }

    @Test func lightTerminalDrawsDarkModulesInInk() throws {
        #expect(try hello().halfBlockLines(invert: true) == [
            "                         ",
            "  █▀▀▀▀▀█   ▄▀▄ █▀▀▀▀▀█  ",
            "  █ ███ █ █▀▄ ▄ █ ███ █  ",
            "  █ ▀▀▀ █ ██▄▄▀ █ ▀▀▀ █  ",
            "  ▀▀▀▀▀▀▀ █▄▀ ▀ ▀▀▀▀▀▀▀  ",
            "  ▀▄█▀██▀▄ ▄██▄▄█▀▀██    ",
            "   ▄█▀█▀▀ ▀▄▄▄█▄█▀ ██▀   ",
            "   ▀ ▀▀▀▀▀█ ▄ █  █ ▄▀ ▀  ",
            "  █▀▀▀▀▀█ ▄▀█▀ ▀ ▄█▄██   ",
            "  █ ███ █ ██ █▄█▄▄▀▄▀▀   ",
            "  █ ▀▀▀ █ ▀█▄▄█▄█▀▄▄█    ",
            "  ▀▀▀▀▀▀▀ ▀▀  ▀   ▀ ▀▀   ",
            "                         ",
        ])
    }

    /// Reading the characters back as a terminal paints them gives every module, the quiet
    /// zone, and nothing below it, for both themes and several quiet zones.
    @Test func linesReadBackToTheModules() throws {
        let code = try QRCode(QRCodeReferenceTests.otpauth)
        let halves: [Character: (top: Bool, bottom: Bool)] = [
            "█": (true, true), "▀": (true, false), "▄": (false, true), " ": (false, false),
        ]
        for invert in [false, true] {
            for quietZone in [0, 1, 2, 4] {
                let lines = code.halfBlockLines(quietZone: quietZone, invert: invert)
                let extent = code.size + 2 * quietZone
                #expect(lines.count == (extent + 1) / 2)
                for (row, line) in lines.enumerated() {
                    #expect(line.count == extent)
                    for (x, character) in line.enumerated() {
                        let inked = try #require(halves[character])
                        for (y, isInked) in [(2 * row, inked.top), (2 * row + 1, inked.bottom)] {
                            let expected = y < extent && code[x - quietZone, y - quietZone] == invert
                            #expect(isInked == expected, "invert \(invert), quiet \(quietZone), (\(x), \(y))")
                        }
                    }
                }
            }
        }
        #expect(code.halfBlockLines(quietZone: -3) == code.halfBlockLines(quietZone: 0))
    }

    @Test func rendersIntoACanvasInTheRole() throws {
        let code = try hello()
        var canvas = Canvas(size: Size(width: 30, height: 16))
        code.render(into: &canvas, at: Point(x: 3, y: 1), role: .success)
        let text = CanvasText.text(canvas).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(text[0] == "")
        #expect(text[1] == "   " + String(repeating: "█", count: 25))
        #expect(text[2] == "   ██ ▄▄▄▄▄ ███▀▄▀█ ▄▄▄▄▄ ██")
        #expect(text[13] == "   " + String(repeating: "▀", count: 25))
        #expect(text[14] == "")
        #expect(canvas[3, 1].role == .success && canvas[27, 13].role == .success)
        #expect(canvas[2, 1].role == .normal && canvas[28, 1].role == .normal && canvas[3, 14].role == .normal)

        var light = Canvas(size: Size(width: 30, height: 16))
        code.render(into: &light, at: Point(x: 0, y: 0), role: .normal, invert: true)
        #expect(CanvasText.text(light).split(separator: "\n")[0] == "  █▀▀▀▀▀█   ▄▀▄ █▀▀▀▀▀█")
    }

    @Test func renderingClipsToTheCanvas() throws {
        var canvas = Canvas(size: Size(width: 10, height: 3))
        try hello().render(into: &canvas, at: Point(x: -2, y: -1), role: .normal)
        // Line 0 is above the canvas; two columns of quiet zone are left of it.
        #expect(CanvasText.text(canvas) == " ▄▄▄▄▄ ███\n █   █ █ ▄\n █▄▄▄█ █")
    }
}
