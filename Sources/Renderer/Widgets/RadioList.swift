/// Pick exactly one option.
public struct RadioList: Sendable, Hashable {
    public var label: String
    public var options: [String]
    public var selected: Int

    public init(label: String, options: [String], selected: Int) {
        self.label = label
        self.options = options
        self.selected = selected
    }
}
