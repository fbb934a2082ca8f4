/// `DeviceBindingCallback` and `DeviceSigningVerifierCallback`: need a key held by a device
/// (Secure Enclave, Android Keystore). A terminal can only answer `Unsupported`.
public struct DeviceBindingCallback: Sendable, Hashable {
    public let userId: String
    public let username: String?
    /// Binding only: `BIOMETRIC_ONLY`, `BIOMETRIC_ALLOW_FALLBACK`, `APPLICATION_PIN`, `NONE`.
    public let authenticationType: String?
    public let title: String
    public let subtitle: String
    public let description: String
    public let timeoutSeconds: Int?

    init(_ outputs: CallbackOutputs) {
        userId = outputs.string("userId") ?? ""
        username = outputs.string("username")
        authenticationType = outputs.string("authenticationType")
        title = outputs.string("title") ?? ""
        subtitle = outputs.string("subtitle") ?? ""
        description = outputs.string("description") ?? ""
        timeoutSeconds = outputs.int("timeout")
    }
}
