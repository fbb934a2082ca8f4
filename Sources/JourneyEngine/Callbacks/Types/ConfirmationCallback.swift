/// `ConfirmationCallback`: a row of buttons; the answer is the chosen index.
///
/// Buttons come from `options`, or from `optionType` (YES_NO, YES_NO_CANCEL, OK_CANCEL) when
/// `options` is absent. AM pre-fills the input (e.g. 100 = "keep waiting" on Push/Polling Wait);
/// that value is sent back unless the person picks a button.
public struct ConfirmationCallback: Sendable, Hashable {
    public let prompt: String
    public let options: [String]
    public let defaultOption: Int
    public let messageType: Int
    /// The raw `optionType` (-1 when the buttons are `options`).
    public let optionType: Int

    init(_ outputs: CallbackOutputs) throws(CallbackDecodingError) {
        prompt = outputs.string("prompt") ?? ""
        messageType = outputs.int("messageType") ?? 0
        optionType = outputs.int("optionType") ?? -1
        let listed = outputs.strings("options")
        options = listed.isEmpty ? Self.standardOptions(optionType) : listed
        guard !options.isEmpty else {
            throw .invalidOutput("options", expected: "a list of strings or a known optionType")
        }
        let requested = outputs.int("defaultOption") ?? 0
        defaultOption = options.indices.contains(requested) ? requested : 0
    }

    /// Button labels of the standard option types (javax.security.auth.callback).
    private static func standardOptions(_ optionType: Int) -> [String] {
        switch optionType {
        case 0: ["Yes", "No"]
        case 1: ["Yes", "No", "Cancel"]
        case 2: ["OK", "Cancel"]
        default: []
        }
    }
}
