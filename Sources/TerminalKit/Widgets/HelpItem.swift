/// One entry of the help bar or the `?` overlay: the keys ("Enter", "Tab/Shift-Tab"), what they
/// do in a few words, and in more words for the overlay when that helps.
public struct HelpItem: Sendable, Hashable {
    public var keys: String
    public var help: String
    public var detail: String?
    public var bar: HelpBarPlacement

    public init(keys: String, help: String, detail: String? = nil, bar: HelpBarPlacement = .shown) {
        self.keys = keys
        self.help = help
        self.detail = detail
        self.bar = bar
    }

    /// What the overlay says: the longer words if there are some.
    public var overlayText: String { detail ?? help }

    /// "Enter submit": the item as the bar shows it.
    public var barText: String { keys + " " + help }
}
