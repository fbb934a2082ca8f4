/// `TextOutputCallback` and `SuspendedTextOutputCallback`: a message to show.
///
/// `messageType` is a string on the wire: "0" information, "1" warning, "2" error,
/// "4" a script meant for a browser, which a terminal never runs.
public struct TextOutputCallback: Sendable, Hashable {
    public enum Style: Sendable, Hashable {
        case information, warning, error
        /// JavaScript for a browser. Never executed; its known payloads are parsed instead.
        case script
        case other(Int)
    }

    public let message: String
    public let style: Style

    init(_ outputs: CallbackOutputs) {
        message = outputs.string("message") ?? ""
        style = switch outputs.int("messageType") ?? 0 {
        case 0: .information
        case 1: .warning
        case 2: .error
        case 4: .script
        case let other: .other(other)
        }
    }
}
