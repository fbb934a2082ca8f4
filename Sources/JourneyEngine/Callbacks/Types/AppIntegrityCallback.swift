/// `AppIntegrityCallback`: a mobile app's proof that it is genuine, from Google Play Integrity
/// (outputs `requestType`, `projectNumber`, `nonce`) or Apple's App Attest (`challenge`); the
/// inputs differ by platform and are found by name. A terminal has neither, so it sends the
/// client error the Android SDK sends when it cannot attest (``clientError``) and the journey
/// takes the node's failure branch.
public struct AppIntegrityCallback: Sendable, Hashable {
    /// `Classic` or `Standard` (Play Integrity); nil for App Attest.
    public let requestType: String?
    public let projectNumber: String?

    /// What the Android SDK sends whatever stopped the attestation
    /// (forgerock-android-sdk, `AppIntegrityCallback.kt`: "ClientDeviceErrors"); the iOS SDK sends
    /// the same for every failure but a device without App Attest ("Unsupported").
    public static let clientError = "ClientDeviceErrors"

    init(_ outputs: CallbackOutputs) {
        requestType = outputs.string("requestType")
        projectNumber = outputs.string("projectNumber")
    }
}
