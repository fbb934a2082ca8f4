import Orchestrate
/// `StringAttributeInputCallback`, `NumberAttributeInputCallback` and
/// `BooleanAttributeInputCallback`: one attribute of an IDM object (`givenName`,
/// `preferences/marketing`…), with policies like the validated callbacks.
public struct AttributeInputCallback: Sendable, Hashable {
    /// The IDM attribute name.
    public let name: String
    public let prompt: String
    public let required: Bool
    public let policies: Policies
    public let failedPolicies: [PolicyFailure]
    public let validateOnly: Bool
    /// The attribute's current value.
    public let value: JSONValue

    init(_ outputs: CallbackOutputs) {
        name = outputs.string("name") ?? ""
        prompt = outputs.string("prompt") ?? name
        required = outputs.bool("required") ?? false
        policies = Policies(outputs["policies"])
        failedPolicies = PolicyFailure.list(from: outputs["failedPolicies"])
        validateOnly = outputs.bool("validateOnly") ?? false
        value = outputs["value"] ?? .null
    }
}
