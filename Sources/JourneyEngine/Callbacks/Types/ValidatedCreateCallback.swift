/// `ValidatedCreateUsernameCallback` and `ValidatedCreatePasswordCallback`: a field checked
/// against IDM policies. Setting `validateOnly` asks AM to check the page without advancing.
public struct ValidatedCreateCallback: Sendable, Hashable {
    public let prompt: String
    public let policies: Policies
    public let failedPolicies: [PolicyFailure]
    public let validateOnly: Bool
    /// Password only: whether the value may be shown while typed.
    public let echoOn: Bool
    public let required: Bool

    init(_ outputs: CallbackOutputs) {
        prompt = outputs.string("prompt") ?? ""
        policies = Policies(outputs["policies"])
        failedPolicies = PolicyFailure.list(from: outputs["failedPolicies"])
        validateOnly = outputs.bool("validateOnly") ?? false
        echoOn = outputs.bool("echoOn") ?? false
        required = outputs.bool("required") ?? policies.requirements.contains { $0.requirement == "REQUIRED" }
    }
}
