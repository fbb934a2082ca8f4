import CursesUI
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// While the UI runs, raw writes to descriptor 2 become lines for the UI instead of reaching
/// the terminal; afterwards descriptor 2 is the terminal's again.
@Suite(.serialized)
struct StandardErrorCaptureTests {
    @Test func writesToDescriptor2WhileCapturedAreDeliveredAsLines() throws {
        let lines = Mutex<[String]>([])
        let capture = try #require(StandardErrorCapture.start { line in lines.withLock { $0.append(line) } })
        #expect(StandardErrorCapture.start { _ in } == nil, "descriptor 2 is captured once")
        let text = "first line from a library\nsecond \u{1B}[2J line\nno newline at the end"
        text.withCString { _ = write(STDERR_FILENO, $0, strlen($0)) }
        FileHandle.standardError.write(Data("\nthrough FileHandle\n".utf8))
        capture.finish()
        // Other tests running meanwhile may write to descriptor 2 too: only these lines are checked.
        let expected = ["first line from a library", "second \u{1B}[2J line", "no newline at the end", "through FileHandle"]
        let delivered = lines.withLock { $0 }.filter(expected.contains)
        #expect(delivered == expected)
        let again = try #require(StandardErrorCapture.start { _ in }, "after finish, descriptor 2 can be captured again")
        again.finish()
    }
}
