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
    /// Redraws the whole screen from scratch at the next `present` (Ctrl-L).
    func repaint()
}

extension TerminalDevice {
    /// A device whose screen cannot be damaged from outside has nothing to redraw.
    public func repaint() {}
}
