/// A step the server shows: optional stage, header and description, and its callbacks.
struct Page: Sendable {
    var stage: String?
    var header: String?
    var description: String?
    var callbacks: [Callback]

    /// The step body: `{"authId","callbacks",["stage"],["header"],["description"]}`, with each
    /// callback numbered by its position.
    func body(authId: String) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("authId", .string(authId)),
            ("callbacks", .array(callbacks.enumerated().map { $0.element.json(position: $0.offset + 1) })),
        ]
        for (key, value) in [("stage", stage), ("header", header), ("description", description)] {
            if let value { members.append((key, .string(value))) }
        }
        return .object(members)
    }
}
