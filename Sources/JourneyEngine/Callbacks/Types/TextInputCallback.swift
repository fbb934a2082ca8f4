/// `TextInputCallback`: free text, pre-filled with `defaultText` when AM sends one.
public struct TextInputCallback: Sendable, Hashable {
    public let prompt: String
    public let defaultText: String?

    init(_ outputs: CallbackOutputs) {
        prompt = outputs.string("prompt") ?? ""
        defaultText = outputs.string("defaultText")
    }
}
