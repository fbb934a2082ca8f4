/// An SDK configuration file that cannot be read, with why.
public struct FormatReadError: Error, Sendable, Hashable, CustomStringConvertible {
    public let path: String
    public let message: String

    init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}
