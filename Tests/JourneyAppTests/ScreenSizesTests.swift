import JourneyApp
import ScreenSnapshots
import TerminalKit
import Testing

/// The screens in docs/screens include the smallest size the full-screen UI draws in.
struct ScreenSizesTests {
    @Test func theSmallestSnapshotSizeIsTheSmallestTheUIDraws() {
        #expect(ScreenSizes.all.last == AppState.minimumSize)
    }
}
