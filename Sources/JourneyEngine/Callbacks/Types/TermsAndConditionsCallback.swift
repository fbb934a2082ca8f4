/// `TermsAndConditionsCallback`: terms to read and accept (a boolean on the wire).
public struct TermsAndConditionsCallback: Sendable, Hashable {
    public let version: String
    public let terms: String
    public let createDate: String?

    init(_ outputs: CallbackOutputs) {
        version = outputs.string("version") ?? ""
        terms = outputs.string("terms") ?? ""
        createDate = outputs.string("createDate")
    }
}
