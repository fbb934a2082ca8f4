import Orchestrate
/// One callback of a journey step: the JSON object AM sent, its typed model, and the inputs
/// that will be sent back.
///
/// Echoing is faithful: `wireValue` is the received object with only `input[].value` replaced,
/// so fields the engine does not model (and callbacks of unknown types) reach AM untouched.
public struct Callback: Sendable {
    /// The wire `type` string, e.g. `NameCallback`.
    public let type: String
    public let kind: CallbackKind
    public let outputs: CallbackOutputs
    public private(set) var inputs: [CallbackInput]
    /// Position in the step's `callbacks` array (0-based).
    public let position: Int
    private let received: JSONObject
    /// The `input` array as received, and where each entry of `inputs` came from in it.
    private let receivedInputs: [JSONValue]
    private let inputSources: [Int]

    /// Reads one element of a step's `callbacks` array. Throws only when the element is not
    /// a JSON object with a `type`; a known type with unreadable outputs becomes `.unknown`.
    public init(json: JSONValue, position: Int) throws(StepDecodingError) {
        guard let object = json.objectValue else { throw .callbackNotAnObject(position: position) }
        guard let type = object["type"]?.stringValue, !type.isEmpty else {
            throw .callbackWithoutType(position: position)
        }
        self.type = type
        self.position = position
        self.received = object
        self.outputs = CallbackOutputs(object["output"]?.arrayValue ?? [])
        let rawInputs = object["input"]?.arrayValue ?? []
        var inputs: [CallbackInput] = []
        var sources: [Int] = []
        for (index, item) in rawInputs.enumerated() {
            guard let name = item["name"]?.stringValue else { continue }
            inputs.append(CallbackInput(name: name, value: item["value"] ?? .null))
            sources.append(index)
        }
        self.inputs = inputs
        self.receivedInputs = rawInputs
        self.inputSources = sources
        self.kind = CallbackRegistry.kind(forType: type, outputs: outputs)
    }

    /// The object to send back: as received, with only the input values replaced (other
    /// members of an input, and inputs this client could not read, stay as they were).
    public var wireValue: JSONValue {
        guard received["input"] != nil else { return .object(received) }
        var rawInputs = receivedInputs
        for (input, source) in zip(inputs, inputSources) {
            guard case .object(var entry) = rawInputs[source] else { continue }
            if entry["value"] == nil, input.value == .null { continue }
            entry["value"] = input.value
            rawInputs[source] = .object(entry)
        }
        var object = received
        object["input"] = .array(rawInputs)
        return .object(object)
    }

    /// The input whose name ends in this role suffix ("" is the main `IDToken<N>` input).
    public func input(role suffix: String) -> CallbackInput? {
        inputs.first { $0.suffix == suffix }
    }

    /// The value of the main input, if there is one.
    public var value: JSONValue? { input(role: "")?.value ?? inputs.first?.value }

    /// Sets the input with this role to a raw JSON value.
    public mutating func setInput(role suffix: String, to value: JSONValue) throws(AnswerError) {
        guard let index = inputs.firstIndex(where: { $0.suffix == suffix })
            ?? (suffix.isEmpty && inputs.count == 1 ? 0 : nil)
        else { throw .noInput(callbackType: type, role: suffix) }
        inputs[index].value = value
    }

    /// Applies a person's answer, checking that it fits this kind of callback.
    public mutating func answer(_ answer: CallbackAnswer) throws(AnswerError) {
        switch (answer, kind) {
        case (.validateOnly(let flag), _) where input(role: "validateOnly") != nil:
            try setInput(role: "validateOnly", to: .bool(flag))
        case (.clientError(let message), _) where input(role: "clientError") != nil:
            try setInput(role: "clientError", to: .string(message))
        case (.text(let token), .reCaptchaEnterprise):
            try setInput(role: "token", to: .string(token))
        case (.text(let text), .name), (.text(let text), .password), (.text(let text), .textInput),
             (.text(let text), .validatedUsername), (.text(let text), .validatedPassword),
             (.text(let text), .stringAttribute), (.text(let text), .hiddenValue),
             (.text(let text), .selectIdP), (.text(let text), .reCaptcha),
             (.text(let text), .deviceProfile):
            try setInput(role: "", to: .string(text))
        case (.index(let index), .choice(let choice)):
            guard choice.choices.indices.contains(index) else {
                throw .outOfRange(index: index, count: choice.choices.count)
            }
            try setInput(role: "", to: .int(index))
        case (.index(let index), .confirmation(let confirmation)):
            guard confirmation.options.indices.contains(index) else {
                throw .outOfRange(index: index, count: confirmation.options.count)
            }
            try setInput(role: "", to: .int(index))
        case (.bool(let flag), .booleanAttribute), (.bool(let flag), .termsAndConditions),
             (.bool(let flag), .consentMapping):
            try setInput(role: "", to: .bool(flag))
        case (.number(let number), .numberAttribute):
            let whole = number.rounded() == number && abs(number) < 1e15
            try setInput(role: "", to: whole ? .int(Int(number)) : .double(number))
        case (.kba(let question, let answer), .kbaCreate):
            try setInput(role: "question", to: .string(question))
            try setInput(role: "answer", to: .string(answer))
        case (.providerToken(let token, let tokenType), .idP):
            guard IdPCallback.tokenTypes.contains(tokenType) else { throw .notApplicable(callbackType: type, answer: "a token of type \(tokenType)") }
            try setInput(role: "token", to: .string(token))
            try setInput(role: "token_type", to: .string(tokenType))
        default:
            throw .notApplicable(callbackType: type, answer: answer.summary)
        }
    }
}

extension CallbackAnswer {
    /// A short description for messages; never contains the answer's text.
    var summary: String {
        switch self {
        case .text: "text"
        case .index: "a choice"
        case .bool: "yes/no"
        case .number: "a number"
        case .kba: "a security question and answer"
        case .clientError: "a client error"
        case .validateOnly: "validate-only"
        case .providerToken: "a provider's token"
        }
    }
}
