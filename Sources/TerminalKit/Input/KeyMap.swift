/// Key bindings as data: which keys trigger which action, with the words for help. One key map
/// generates both the help bar and the `?` overlay, so they can never disagree with behaviour.
public struct KeyBinding<Action: Sendable & Hashable>: Sendable, Hashable {
    public let keys: [KeyEvent]
    public let action: Action
    /// Shown in help: "submit", "next tab".
    public let help: String
    /// Shown in the one-line help bar (the overlay lists every binding).
    public let inHelpBar: Bool

    /// How help names the keys when listing them one by one would be too long ("Alt-1…9").
    public let keyLabelOverride: String?

    public init(_ keys: [KeyEvent], _ action: Action, help: String, inHelpBar: Bool = true, keyLabel: String? = nil) {
        self.keys = keys
        self.action = action
        self.help = help
        self.inHelpBar = inHelpBar
        keyLabelOverride = keyLabel
    }

    /// "Tab/Shift-Tab".
    public var keyLabel: String { keyLabelOverride ?? keys.map(\.description).joined(separator: "/") }
}

public struct KeyMap<Action: Sendable & Hashable>: Sendable, Hashable {
    public let bindings: [KeyBinding<Action>]

    public init(_ bindings: [KeyBinding<Action>]) {
        self.bindings = bindings
    }

    public func action(for key: KeyEvent) -> Action? {
        bindings.first { $0.keys.contains(key) }?.action
    }

    /// (keys, help) pairs for the help bar.
    public var helpBarItems: [(keys: String, help: String)] {
        bindings.filter(\.inHelpBar).map { ($0.keyLabel, $0.help) }
    }

    /// (keys, help) pairs for the overlay: every binding.
    public var overlayItems: [(keys: String, help: String)] {
        bindings.map { ($0.keyLabel, $0.help) }
    }
}
