/// `ConsentMappingCallback`: consent to share profile data through an IDM mapping.
public struct ConsentMappingCallback: Sendable, Hashable {
    public let name: String
    public let displayName: String
    public let icon: String
    public let accessLevel: String
    public let isRequired: Bool
    public let message: String
    public let fields: [String]

    init(_ outputs: CallbackOutputs) {
        name = outputs.string("name") ?? ""
        displayName = outputs.string("displayName") ?? name
        icon = outputs.string("icon") ?? ""
        accessLevel = outputs.string("accessLevel") ?? ""
        isRequired = outputs.bool("isRequired") ?? false
        message = outputs.string("message") ?? ""
        fields = outputs.strings("fields")
    }
}
