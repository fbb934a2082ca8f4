/// `RedirectCallback`: the journey continues in a browser at `redirectUrl`.
public struct RedirectCallback: Sendable, Hashable {
    public let redirectUrl: String
    public let redirectMethod: String
    public let trackingCookie: Bool

    init(_ outputs: CallbackOutputs) throws(CallbackDecodingError) {
        redirectUrl = try outputs.requiredString("redirectUrl")
        redirectMethod = outputs.string("redirectMethod") ?? "GET"
        trackingCookie = outputs.bool("trackingCookie") ?? false
    }
}
