/// Work in progress: a turning braille glyph, a message, and optionally the time to the next
/// check ("next check in 3 s") while a journey polls.
///
/// ```
/// ⠙ Waiting for approval on your phone
///   next check in 3 s
/// ```
public struct Spinner: DisplayWidget, Hashable {
    /// The glyphs, drawn in turn.
    public static let frames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    public var message: String
    /// Which glyph to draw (any integer; taken modulo the frame count).
    public var frame: Int
    /// Time left before the next poll, if counting down.
    public var remaining: Duration?

    public init(message: String, frame: Int = 0, remaining: Duration? = nil) {
        self.message = message
        self.frame = frame
        self.remaining = remaining
    }

    /// Moves to the next glyph.
    public mutating func advance() {
        frame = (frame + 1) % Self.frames.count
    }

    public func height(forWidth width: Int) -> Int {
        messageLines(width: width).count + countdownLines(width: width).count
    }

    public func render(into canvas: inout Canvas, in area: Rect, focused: Bool) {
        let countdownRow = canvas.writeLines(messageLines(width: area.width), from: area.y, in: area, role: .normal)
        canvas.write(String(glyph), x: area.x, y: area.y, role: .spinner, clip: area)
        canvas.writeLines(countdownLines(width: area.width), from: countdownRow, in: area, role: .muted)
    }

    private var glyph: Character {
        let count = Self.frames.count
        return Self.frames[(frame % count + count) % count]
    }

    private func messageLines(width: Int) -> [String] {
        TextWrap.lines(message, width: width, prefix: "\(glyph) ")
    }

    /// "next check in N s", whole seconds rounded up so it never reads 0 while waiting.
    private func countdownLines(width: Int) -> [String] {
        guard let remaining else { return [] }
        let (seconds, attoseconds) = remaining.components
        let wholeSeconds = max(0, seconds + (attoseconds > 0 ? 1 : 0))
        let text = wholeSeconds == 0 ? "checking now" : "next check in \(wholeSeconds) s"
        return TextWrap.lines(text, width: width, prefix: "  ")
    }
}
