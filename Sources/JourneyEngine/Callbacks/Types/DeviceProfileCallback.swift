/// `DeviceProfileCallback`: AM asks for device metadata and/or location, as a JSON string.
public struct DeviceProfileCallback: Sendable, Hashable {
    public let wantsMetadata: Bool
    public let wantsLocation: Bool
    public let message: String

    init(_ outputs: CallbackOutputs) {
        wantsMetadata = outputs.bool("metadata") ?? false
        wantsLocation = outputs.bool("location") ?? false
        message = outputs.string("message") ?? ""
    }
}
