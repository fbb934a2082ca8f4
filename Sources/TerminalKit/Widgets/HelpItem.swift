/// One entry of the help bar: the keys ("Enter", "Tab/Shift-Tab") and what they do.
public struct HelpItem: Sendable, Hashable {
    public var keys: String
    public var help: String

    public init(keys: String, help: String) {
        self.keys = keys
        self.help = help
    }
}
