/// The input values a client sent back for a page, checked against what the page asked for.
///
/// Creating one validates the whole submission: the callbacks must have the page's types in the
/// page's order, every input the page offered must come back, and each value must have the JSON
/// type the page used for it (strings for text, integers for choice indexes, booleans for
/// `validateOnly`, terms and boolean attributes). Journeys then read typed values by the
/// callback's 0-based index in the page.
struct Answers: Sendable {
    private let values: [String: JSONValue]

    init(_ submitted: JSONValue?, answering page: Page) throws(AMError) {
        guard let callbacks = submitted?.array else {
            throw .badRequest("The request has an authId but no callbacks array: send back the step's callbacks with their input values filled in")
        }
        let expectedTypes = page.callbacks.map(\.type)
        guard callbacks.count == expectedTypes.count else {
            throw .badRequest(
                "This step has \(expectedTypes.count) callbacks (\(expectedTypes.joined(separator: ", "))), but the request sent \(callbacks.count)"
            )
        }
        var values: [String: JSONValue] = [:]
        for (offset, (sent, expected)) in zip(callbacks, page.callbacks).enumerated() {
            let position = offset + 1
            guard let sentType = sent["type"]?.string, sentType == expected.type else {
                let sentType = sent["type"]?.string ?? "callback without a type"
                throw .badRequest("Callback \(position) of this step is a \(expected.type), but the request sent a \(sentType)")
            }
            let inputs = sent["input"]?.array ?? []
            for slot in expected.inputs {
                let name = Callback.inputName(position: position, suffix: slot.suffix)
                guard let value = inputs.first(where: { $0["name"]?.string == name })?["value"] else {
                    throw .badRequest("Input \(name) of \(expected.type) is missing")
                }
                guard slot.value.acceptsType(of: value) else {
                    throw .badRequest("Input \(name) of \(expected.type) must be \(slot.value.typeDescription), not \(value.typeDescription)")
                }
                values[name] = value
            }
        }
        self.values = values
    }

    func string(_ index: Int, _ suffix: String = "") -> String {
        value(index, suffix)?.string ?? ""
    }

    func int(_ index: Int) -> Int {
        guard case .int(let number)? = value(index, "") else { return 0 }
        return number
    }

    func bool(_ index: Int, _ suffix: String = "") -> Bool {
        guard case .bool(let flag)? = value(index, suffix) else { return false }
        return flag
    }

    /// The value sent for the input of callback `index` (0-based) with this suffix.
    func value(_ index: Int, _ suffix: String) -> JSONValue? {
        values[Callback.inputName(position: index + 1, suffix: suffix)]
    }
}
