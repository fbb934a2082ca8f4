import TerminalKit

/// A QR code drawn with half blocks, with a caption: how a terminal shows an `otpauth://` or
/// `pushauth://` registration URI so a phone can scan it.
public struct QRCodeBlock: DisplayWidget, Sendable {
    public let lines: [String]
    public let caption: String

    public init(code: QRCode, caption: String) {
        lines = code.halfBlockLines()
        self.caption = caption
    }

    public func height(forWidth width: Int) -> Int {
        let codeWidth = lines.first.map(TextWidth.of) ?? 0
        return (codeWidth <= width ? lines.count : 1) + TextWrap.lines(caption, width: width).count
    }

    public func render(into canvas: inout Canvas, in area: Rect, focused: Bool) {
        var y = area.y
        let codeWidth = lines.first.map(TextWidth.of) ?? 0
        if codeWidth <= area.width {
            for line in lines {
                canvas.write(line, x: area.x, y: y, role: .normal, clip: area)
                y += 1
            }
        } else {
            canvas.write("(widen the terminal to \(codeWidth) columns to show the QR code)", x: area.x, y: y, role: .muted, clip: area)
            y += 1
        }
        for line in TextWrap.lines(caption, width: area.width) {
            canvas.write(line, x: area.x, y: y, role: .muted, clip: area)
            y += 1
        }
    }
}
