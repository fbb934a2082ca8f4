/// A key of a file, or an option, that a format could not carry, and why: an Android
/// `@string/…` reference on import, an option an SDK has no place for on export.
public struct FormatNote: Sendable, Hashable, CustomStringConvertible {
    /// The file's key (on import) or the option's name (on export).
    public let key: String
    public let reason: String

    public init(key: String, reason: String) {
        self.key = key
        self.reason = reason
    }

    public var description: String { "\(key): \(reason)" }
}
