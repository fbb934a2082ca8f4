import CursesUI
import Testing

/// Only the failures are tested here: a real screen is checked end to end under tmux.
@MainActor
struct CursesScreenTests {
    @Test(arguments: [nil, "", "dumb", "no-such-terminal-type"])
    func startThrowsInsteadOfExitingWhenTheTerminalCannotBeUsed(terminalType: String?) {
        #expect {
            _ = try CursesScreen.start(terminalType: terminalType)
        } throws: { error in
            (error as? CursesUnavailable)?.description.contains("cannot be used") == true
        }
    }
}
