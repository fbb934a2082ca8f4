/// `HiddenValueCallback`: data passed between node and client, never shown as a field.
/// Known ids: `mfaDeviceRegistration` (an otpauth/pushauth URI), `pushChallengeNumber`,
/// `webAuthnOutcome`, `clientError`.
public struct HiddenValueCallback: Sendable, Hashable {
    public let id: String
    public let value: String

    init(_ outputs: CallbackOutputs) {
        id = outputs.string("id") ?? ""
        value = outputs.string("value") ?? ""
    }
}
