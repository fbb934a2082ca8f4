/// `PasswordCallback`: masked input. AM also uses it for one-time passwords and KBA answers
/// (the prompt is then the code's name or the question).
public struct PasswordCallback: Sendable, Hashable {
    public let prompt: String
    /// Some AM versions attach policies to password prompts.
    public let failedPolicies: [PolicyFailure]

    init(_ outputs: CallbackOutputs) {
        prompt = outputs.string("prompt") ?? ""
        failedPolicies = PolicyFailure.list(from: outputs["failedPolicies"])
    }
}
