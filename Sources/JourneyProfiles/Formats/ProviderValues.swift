import Configuration

/// Reads a format's fields from a swift-configuration snapshot (of a JSON file), each as
/// the kind of value its field expects when the file holds that kind, else as whatever it holds,
/// so that a value of the wrong kind can be named rather than dropped.
enum ProviderValues {
    static func read(_ fields: [FormatField], from snapshot: some ConfigSnapshot) -> [String: SDKValue] {
        var values: [String: SDKValue] = [:]
        for field in fields {
            let key = AbsoluteConfigKey(field.key.split(separator: ".").map(String.init))
            for type in order(for: field.encoding) {
                guard let content = try? snapshot.value(forKey: key, type: type).value?.content else { continue }
                if let value = sdkValue(content) {
                    values[field.key] = value
                    break
                }
            }
        }
        return values
    }

    private static func order(for encoding: FormatField.Encoding) -> [ConfigType] {
        switch encoding {
        case .text, .secondsAsText, .wholeSecondsAsText: [.string, .double, .bool, .stringArray]
        case .flag: [.bool, .string, .stringArray]
        case .list: [.stringArray, .string, .double, .bool]
        case .wholeSeconds, .milliseconds, .seconds: [.double, .string, .bool, .stringArray]
        }
    }

    private static func sdkValue(_ content: ConfigContent) -> SDKValue? {
        switch content {
        case .string(let text): .text(text)
        case .double(let number): .number(number)
        case .bool(let flag): .bool(flag)
        case .stringArray(let items): .list(items)
        default: nil
        }
    }
}
