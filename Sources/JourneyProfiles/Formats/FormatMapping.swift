import JourneyEngine
import Orchestrate

/// One format's keys, and the conversions between its values and options that every format
/// shares: units, booleans, lists, and the options a format has no key for.
struct FormatMapping: Sendable {
    /// Who reads the file, for messages: "the iOS SDK".
    let reader: String
    let fields: [FormatField]
    /// The file's values carry their own types and the reader takes only its own (a plist, read
    /// with `as? Bool` and `as? [String]`): text where it reads a boolean or a list is noted, not
    /// taken. Files of text only (Android's resources) give every value as text.
    var typed = false

    func field(for option: OptionKey) -> FormatField? { fields.first { $0.option == option } }

    /// The file's values as options. Keys without a field are unknown; a value of the wrong
    /// kind is noted, not taken; empty text leaves its option unset.
    func importing(_ raw: [String: SDKValue]) -> ImportedConfiguration {
        var imported = ImportedConfiguration()
        let known = Set(fields.map(\.key))
        imported.unknownKeys = raw.keys.filter { !known.contains($0) }.sorted()
        for field in fields {
            guard let value = raw[field.key] else { continue }
            if field.encoding == .wholeSecondsAsText, case .text(let text) = value, !text.isEmpty, Int(text) == nil {
                imported.notes.append(FormatNote(key: field.key, reason: "\(reader) reads whole seconds here and uses its default for \"\(text)\""))
                continue
            }
            guard let option = Self.optionValue(value, encoding: field.encoding, typed: typed) else {
                imported.notes.append(FormatNote(key: field.key, reason: "\(reader) reads \(field.encoding.expected) here, not \(value.kindDescription)"))
                continue
            }
            if option.items.isEmpty { continue }
            imported.values[field.option] = option
            imported.sourceKeys[field.option] = field.key
        }
        return imported
    }

    /// An import from a file read key by key: every key of the file that is not a field is
    /// unknown, and a field the file has but that could not be read as any value is noted.
    func completing(_ imported: ImportedConfiguration, read raw: [String: SDKValue], keysInFile: [String]) -> ImportedConfiguration {
        var completed = imported
        let known = Set(fields.map(\.key))
        completed.unknownKeys = keysInFile.filter { !known.contains($0) }.sorted()
        for key in keysInFile where known.contains(key) && raw[key] == nil {
            completed.notes.append(FormatNote(key: key, reason: "\(reader) cannot read its value"))
        }
        return completed
    }

    /// Options as the file's values. An option this format has no key for is noted unless it
    /// holds its default; so is a value the format can only write approximately. An option the
    /// profile leaves to JourneyTerm's default (`defaulted`) is left out, so that the SDK's own
    /// default applies (the iOS SDK's timeout is 60 s, JourneyTerm's 30 s); they are named in
    /// one note.
    func exporting(_ values: [OptionKey: OptionValue], defaulted: Set<OptionKey> = []) -> ExportedValues {
        var exported = ExportedValues()
        var leftToTheSDK: [String] = []
        for option in OptionKey.allCases {
            guard let value = values[option] else { continue }
            guard let field = field(for: option) else {
                if value.description != option.defaultText {
                    exported.omitted.append(FormatNote(key: option.rawValue, reason: "\(reader) has no such option"))
                }
                continue
            }
            if defaulted.contains(option) {
                leftToTheSDK.append(option.rawValue)
                continue
            }
            let (sdkValue, note) = Self.sdkValue(value, encoding: field.encoding)
            exported.values[field.key] = sdkValue
            if let note { exported.omitted.append(FormatNote(key: option.rawValue, reason: note)) }
        }
        if !leftToTheSDK.isEmpty {
            exported.omitted.append(FormatNote(key: "not set in the profile",
                                               reason: "left out, so \(reader)'s own defaults apply: \(leftToTheSDK.joined(separator: ", "))"))
        }
        return exported
    }

    private static func optionValue(_ value: SDKValue, encoding: FormatField.Encoding, typed: Bool) -> OptionValue? {
        switch (encoding, value) {
        case (.text, .text(let text)): .text(text)
        case (.flag, .bool(let flag)): .text(String(flag))
        case (.flag, .text(let text)) where !typed: .text(text)
        case (.list, .list(let items)): .list(items)
        case (.list, .text(let text)) where !typed: .list(text.isEmpty ? [] : [text])
        case (.secondsAsText, .text(let text)), (.wholeSecondsAsText, .text(let text)): .text(text)
        case (.secondsAsText, .number(let seconds)), (.wholeSecondsAsText, .number(let seconds)), (.wholeSeconds, .number(let seconds)),
             (.seconds, .number(let seconds)):
            .text(CommonOptions.format(seconds))
        case (.milliseconds, .number(let milliseconds)): .text(CommonOptions.format(milliseconds / 1000))
        default: nil
        }
    }

    private static func sdkValue(_ value: OptionValue, encoding: FormatField.Encoding) -> (SDKValue, note: String?) {
        switch encoding {
        case .text, .secondsAsText:
            return (.text(value.description), nil)
        case .flag:
            return (.bool(value.description.lowercased() == "true"), nil)
        case .list:
            return (.list(value.items), nil)
        case .wholeSeconds, .wholeSecondsAsText:
            let seconds = Double(value.description) ?? 0
            let whole = seconds.rounded(.up)
            let note = whole == seconds ? nil : "written as \(CommonOptions.format(whole)) s (rounded up): the SDK reads whole seconds only"
            return (encoding == .wholeSeconds ? .number(whole) : .text(CommonOptions.format(whole)), note)
        case .milliseconds:
            return (.number(((Double(value.description) ?? 0) * 1000).rounded()), nil)
        case .seconds:
            return (.number(Double(value.description) ?? 0), nil)
        }
    }
}

/// Options as an SDK file's values, with what the file cannot hold.
public struct ExportedValues: Sendable, Hashable {
    /// The file's values by key.
    public var values: [String: SDKValue] = [:]
    /// Options left out or written approximately, and why.
    public var omitted: [FormatNote] = []
}
