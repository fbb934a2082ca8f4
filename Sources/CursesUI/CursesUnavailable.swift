/// The full-screen interface cannot start on this terminal (no `TERM`, `TERM=dumb`, or a
/// terminal type curses does not know). The caller falls back to plain mode; the message
/// says why.
public struct CursesUnavailable: Error, Sendable, Hashable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
