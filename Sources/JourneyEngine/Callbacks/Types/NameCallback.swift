/// `NameCallback`: a text field for a user name or any short text (also OATH codes).
public struct NameCallback: Sendable, Hashable {
    public let prompt: String

    init(_ outputs: CallbackOutputs) {
        prompt = outputs.string("prompt") ?? ""
    }
}
