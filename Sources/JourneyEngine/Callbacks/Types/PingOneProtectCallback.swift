/// `PingOneProtectInitializeCallback` and `PingOneProtectEvaluationCallback`: risk signals
/// from the Ping Signals SDK, which a terminal does not have; it can only report `clientError`.
public struct PingOneProtectCallback: Sendable, Hashable {
    /// Initialize only: the PingOne environment.
    public let environmentId: String?

    init(_ outputs: CallbackOutputs) {
        environmentId = outputs.string("envId")
    }
}
