/// A callback this client does not model (or could not read). Shown with its raw JSON and
/// sent back exactly as received.
public struct UnknownCallback: Sendable, Hashable {
    /// Why it is unknown: a type with no model, or the decoding problem of a known type.
    public let reason: String
}
