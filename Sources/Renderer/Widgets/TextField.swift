/// A one-line text field.
public struct TextField: Sendable, Hashable {
    public var label: String
    public var text: String
    /// Characters are drawn as bullets (passwords, PasswordCallback one-time codes).
    public var isMasked: Bool
    /// The person may toggle the mask to check what they typed.
    public var canReveal: Bool

    public init(label: String, text: String, isMasked: Bool = false, canReveal: Bool = false) {
        self.label = label
        self.text = text
        self.isMasked = isMasked
        self.canReveal = canReveal
    }
}
