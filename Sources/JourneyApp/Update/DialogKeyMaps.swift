import TerminalKit

/// What a key does in an overlay (help, a dialog, the stores panel). Keys a dialog's map does
/// not list go to its focused field or list.
public enum DialogAction: Sendable, Hashable {
    /// Do what the dialog is for: save, open, start, apply, quit.
    case confirm
    /// Close without doing it.
    case close
    case nextField, previousField
    /// The choice on the focused row (the storage preset, the profile).
    case previousChoice, nextChoice
    case scrollUp, scrollDown, pageUp, pageDown, top, bottom
    /// Long lines sideways (copied text keeps each line whole).
    case scrollLeft, scrollRight
}

extension AppKeyMap {
    /// The `?` overlay.
    public static let helpOverlay = KeyMap<DialogAction>([
        KeyBinding(each: [(.up, .scrollUp), (.down, .scrollDown)], help: "scroll", keyLabel: "↑↓"),
        KeyBinding(each: [(.pageUp, .pageUp), (.pageDown, .pageDown), (.home, .top), (.end, .bottom)], help: "page",
                   detail: "a page up or down, to the top or the end", bar: .hidden, keyLabel: "PgUp/PgDn Home/End"),
        KeyBinding([.escape, .character("?"), .character("q"), .enter], .close, help: "close", bar: .kept, keyLabel: "Esc"),
    ])

    /// The question before quitting with a journey under way.
    public static let confirmQuit = KeyMap<DialogAction>([
        KeyBinding([.character("y"), .character("Y"), .control("c")], .confirm, help: "quit", keyLabel: "y"),
        KeyBinding([.character("n"), .character("N"), .escape], .close, help: "stay", keyLabel: "n"),
    ])

    /// The question before closing a tab that is signed in or has a journey under way.
    public static let confirmClose = KeyMap<DialogAction>([
        KeyBinding([.character("y"), .character("Y")], .confirm, help: "close", detail: "close the tab", keyLabel: "y"),
        KeyBinding([.character("n"), .character("N"), .escape], .close, help: "keep", detail: "keep the tab open", keyLabel: "n"),
    ])

    /// The copied-text pane (where OSC 52 cannot be confirmed): the text to select or save.
    public static let copied = KeyMap<DialogAction>([
        KeyBinding([.character("s")], .confirm, help: "save to a file", detail: "save the text to a file (0600, in the exports folder)"),
        KeyBinding(each: [(.up, .scrollUp), (.down, .scrollDown), (.pageUp, .pageUp), (.pageDown, .pageDown)], help: "scroll",
                   bar: .hidden, keyLabel: "↑↓ PgUp/PgDn"),
        KeyBinding(each: [(.left, .scrollLeft), (.right, .scrollRight)], help: "sideways",
                   detail: "scroll long lines sideways (each line is kept whole, to select as it is)", bar: .hidden, keyLabel: "←→"),
        KeyBinding([.escape, .enter, .character("q")], .close, help: "close", bar: .kept, keyLabel: "Esc"),
    ])

    /// Renaming the tab; other keys edit the name.
    public static let rename = KeyMap<DialogAction>([
        KeyBinding([.enter], .confirm, help: "save"),
        KeyBinding([.escape], .close, help: "cancel", bar: .kept),
    ])

    /// The new-tab dialog with the list of profiles in focus.
    public static let newTabOnList = KeyMap<DialogAction>([
        KeyBinding([.enter], .confirm, help: "open"),
        KeyBinding(each: [(.tab, .nextField), (.backTab, .previousField)], help: "move", keyLabel: "Tab"),
        KeyBinding(each: [(.left, .previousChoice), (.right, .nextChoice)], help: "storage", keyLabel: "←/→"),
        KeyBinding([.escape], .close, help: "cancel", bar: .kept),
    ])

    /// The new-tab dialog with a field (another server's URL, realm, journey) in focus.
    public static let newTabOnField = KeyMap<DialogAction>([
        KeyBinding([.enter], .confirm, help: "open"),
        KeyBinding(each: [(.tab, .nextField), (.backTab, .previousField)], help: "move", keyLabel: "Tab"),
        KeyBinding([.escape], .close, help: "cancel", bar: .kept),
    ])

    /// Another journey in this tab; other keys go to the list or the name.
    public static let switchJourney = KeyMap<DialogAction>([
        KeyBinding([.enter], .confirm, help: "start it"),
        KeyBinding([.tab, .backTab], .nextField, help: "move", keyLabel: "Tab"),
        KeyBinding([.escape], .close, help: "cancel", bar: .kept),
    ])

    /// The options dialog with the profile row in focus.
    public static let optionsOnProfile = KeyMap<DialogAction>([
        KeyBinding(each: [(.left, .previousChoice), (.right, .nextChoice)], help: "profile", keyLabel: "←/→"),
    ]) + options

    /// The options dialog with an option's field in focus; other keys edit it.
    public static let options = KeyMap<DialogAction>([
        KeyBinding([.enter], .confirm, help: "apply"),
        KeyBinding(each: [(.tab, .nextField), (.down, .nextField), (.backTab, .previousField), (.up, .previousField)], help: "move",
                   keyLabel: "Tab/↑↓"),
        KeyBinding([.escape], .close, help: "cancel", bar: .kept),
    ])

    /// The stores panel (`p`).
    public static let stores = KeyMap<DialogAction>([
        KeyBinding(each: [(.up, .scrollUp), (.character("k"), .scrollUp), (.down, .scrollDown), (.character("j"), .scrollDown)],
                   help: "scroll", keyLabel: "↑↓"),
        KeyBinding(each: [(.pageUp, .pageUp), (.pageDown, .pageDown)], help: "page", keyLabel: "PgUp/PgDn"),
        KeyBinding([.escape, .character("p"), .character("q")], .close, help: "close", bar: .kept, keyLabel: "Esc"),
    ])
}

extension AppKeyMap {
    /// The map pane (`M`): the map scrolls in every direction.
    public static let mapPane = KeyMap<DialogAction>([
        KeyBinding(each: [(.up, .scrollUp), (.down, .scrollDown), (.left, .scrollLeft), (.right, .scrollRight)], help: "scroll",
                   detail: "move over the map", keyLabel: "↑↓←→"),
        KeyBinding(each: [(.pageUp, .pageUp), (.pageDown, .pageDown), (.home, .top), (.end, .bottom)], help: "page",
                   detail: "a page up or down, to the start or the end", bar: .hidden, keyLabel: "PgUp/PgDn Home/End"),
        KeyBinding([.escape, .character("M"), .character("q")], .close, help: "close", bar: .kept, keyLabel: "Esc"),
    ])
}
