/// `KbaCreateCallback`: choose a security question (or write one, when allowed) and answer it.
public struct KbaCreateCallback: Sendable, Hashable {
    public let prompt: String
    public let predefinedQuestions: [String]
    public let allowUserDefinedQuestions: Bool

    init(_ outputs: CallbackOutputs) {
        prompt = outputs.string("prompt") ?? ""
        predefinedQuestions = outputs.strings("predefinedQuestions")
        allowUserDefinedQuestions = outputs.bool("allowUserDefinedQuestions") ?? predefinedQuestions.isEmpty
    }
}
