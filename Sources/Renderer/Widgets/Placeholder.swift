/// Stands in for a callback without a layout yet.
public struct Placeholder: Sendable, Hashable {
    public var callbackType: String
    public var label: String

    public init(callbackType: String, label: String) {
        self.callbackType = callbackType
        self.label = label
    }
}
