import TerminalKit

/// The `r` dialog: the tab's new name.
public struct RenameDialog: Sendable {
    public var name: TextField

    init(current: String) {
        name = TextField(label: "Tab name", text: current)
    }
}
