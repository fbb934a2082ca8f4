/// `ChoiceCallback`: pick one of `choices`; the answer is the index (an integer on the wire).
public struct ChoiceCallback: Sendable, Hashable {
    public let prompt: String
    public let choices: [String]
    public let defaultChoice: Int

    init(_ outputs: CallbackOutputs) throws(CallbackDecodingError) {
        prompt = outputs.string("prompt") ?? ""
        choices = outputs.strings("choices")
        guard !choices.isEmpty else { throw .invalidOutput("choices", expected: "a non-empty list of strings") }
        let requested = outputs.int("defaultChoice") ?? 0
        defaultChoice = choices.indices.contains(requested) ? requested : 0
    }
}
