/// Key bindings as data: which keys trigger which action, with the words for help. One key map
/// drives the behaviour and generates both the help bar and the `?` overlay, so they can never
/// disagree with it.
public struct KeyBinding<Action: Sendable & Hashable>: Sendable, Hashable {
    public let keys: [KeyEvent]
    /// One action for every key, or one per key (Alt-1…9 go to tabs 1…9).
    private let actions: [Action]
    /// Short, for the help bar: "submit", "next tab".
    public let help: String
    /// Longer, for the overlay when the short words say too little; nil: `help`.
    public let detail: String?
    public let bar: HelpBarPlacement
    /// How help names the keys: "Tab/Shift-Tab", or a shorter label such as "Alt-1…9".
    public let keyLabel: String

    public init(_ keys: [KeyEvent], _ action: Action, help: String, detail: String? = nil, bar: HelpBarPlacement = .shown,
                keyLabel: String? = nil) {
        precondition(!keys.isEmpty, "a binding has keys")
        self.keys = keys
        actions = [action]
        self.help = help
        self.detail = detail
        self.bar = bar
        self.keyLabel = keyLabel ?? keys.map(\.description).joined(separator: "/")
    }

    /// Keys that each have their own action, named together in help ("Alt-1…9").
    public init(each pairs: [(key: KeyEvent, action: Action)], help: String, detail: String? = nil, bar: HelpBarPlacement = .shown,
                keyLabel: String) {
        precondition(!pairs.isEmpty, "a binding has keys")
        keys = pairs.map(\.key)
        actions = pairs.map(\.action)
        self.help = help
        self.detail = detail
        self.bar = bar
        self.keyLabel = keyLabel
    }

    /// The action of the first key (of every key, unless each has its own).
    public var action: Action { actions[0] }

    /// Every key with the action it triggers.
    public var pairs: [(key: KeyEvent, action: Action)] {
        keys.indices.map { (keys[$0], actions.count == 1 ? actions[0] : actions[$0]) }
    }

    public func action(for key: KeyEvent) -> Action? {
        keys.firstIndex(of: key).map { actions.count == 1 ? actions[0] : actions[$0] }
    }

    public var helpItem: HelpItem {
        HelpItem(keys: keyLabel, help: help, detail: detail, bar: bar)
    }
}

/// Whether a binding shows in the one-line help bar, and how long it stays when room runs out.
public enum HelpBarPlacement: Sendable, Hashable {
    /// Only in the `?` overlay.
    case hidden
    /// In the bar while there is room; the first dropped, from the end.
    case shown
    /// In the bar to the last ("? help", "q quit"): dropped only when nothing else is left.
    case kept
}

/// The bindings of one mode or pane; the first binding with the key wins.
public struct KeyMap<Action: Sendable & Hashable>: Sendable, Hashable {
    public let bindings: [KeyBinding<Action>]

    public init(_ bindings: [KeyBinding<Action>]) {
        self.bindings = bindings
    }

    public func action(for key: KeyEvent) -> Action? {
        for binding in bindings {
            if let action = binding.action(for: key) { return action }
        }
        return nil
    }

    /// The same map without the bindings whose action is left out.
    public func filter(_ isIncluded: (Action) -> Bool) -> KeyMap {
        KeyMap(bindings.filter { isIncluded($0.action) })
    }

    /// Both maps' bindings, `lhs` first (it wins a key both bind).
    public static func + (lhs: KeyMap, rhs: KeyMap) -> KeyMap {
        KeyMap(lhs.bindings + rhs.bindings)
    }

    /// The entries of the help bar, in order. (Closures, not key paths: a key path into a
    /// generic type is made anew at each call, and the help bar is drawn every frame.)
    public var helpBarItems: [HelpItem] {
        bindings.filter { $0.bar != .hidden }.map { $0.helpItem }
    }

    /// Every binding, for the overlay.
    public var helpItems: [HelpItem] {
        bindings.map { $0.helpItem }
    }

    /// How help names the keys of `action`'s binding ("s", "Esc").
    public func keyLabel(for action: Action) -> String? {
        bindings.first { $0.action == action }?.keyLabel
    }
}
