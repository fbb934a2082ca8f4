import TerminalKit

/// Where the app draws and reads keys: curses in the real program, a fake in tests.
@MainActor
public protocol TerminalDevice: AnyObject {
    var size: Size { get }
    /// Shows a full frame.
    func present(_ canvas: Canvas)
    /// Keys pressed, waiting at most this long for the first one; [] when none came.
    func readKeys(timeoutMilliseconds: Int) -> [KeyEvent]
    /// Puts text on the clipboard of the terminal the person sits at (OSC 52).
    func copyToClipboard(_ text: String)
}
