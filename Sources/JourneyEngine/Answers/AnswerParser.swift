import Foundation
import Orchestrate

/// Turns typed text into a `CallbackAnswer` for a given callback: a choice by label or number,
/// yes/no words for flags, numbers for number attributes.
public enum AnswerParser {
    /// Words accepted as yes and no (case-insensitive).
    public static let yesWords: Set<String> = ["y", "yes", "true", "1", "on", "accept", "accepted", "agree"]
    public static let noWords: Set<String> = ["n", "no", "false", "0", "off", "decline", "declined"]

    public static func answer(_ text: String, for callback: Callback) throws(AnswerParseError) -> CallbackAnswer {
        switch callback.kind {
        case .choice(let choice):
            return .index(try index(of: text, in: choice.choices))
        case .confirmation(let confirmation):
            return .index(try index(of: text, in: confirmation.options))
        case .selectIdP(let select):
            let names = select.providers.map(\.name)
            let displayNames = select.providers.map(\.displayName)
            if let position = (try? index(of: text, in: names)) ?? (try? index(of: text, in: displayNames)) {
                return .text(names[position])
            }
            throw .notAnOption(text, options: displayNames)
        case .booleanAttribute, .termsAndConditions, .consentMapping:
            let word = text.trimmingSpaces().lowercased()
            if yesWords.contains(word) { return .bool(true) }
            if noWords.contains(word) { return .bool(false) }
            throw .notYesOrNo(text)
        case .numberAttribute:
            guard let number = decimalNumber(text) else { throw .notANumber(text) }
            return .number(number)
        case .idP(let idp):
            return providerToken(text, for: idp)
        default:
            return .text(text)
        }
    }

    /// `TYPE:TOKEN` (`access_token:…`, `authorization_code:…`, `id_token:…`), or a bare token
    /// of the provider's usual type.
    static func providerToken(_ text: String, for idp: IdPCallback) -> CallbackAnswer {
        let trimmed = text.trimmingSpaces()
        for type in IdPCallback.tokenTypes where trimmed.hasPrefix(type + ":") {
            return .providerToken(String(trimmed.dropFirst(type.count + 1)), type: type)
        }
        return .providerToken(trimmed, type: idp.usualTokenType)
    }

    /// A finite decimal number ("42", "-1.5", "2e3"); not "nan", "inf" or hexadecimal.
    public static func decimalNumber(_ text: String) -> Double? {
        let trimmed = text.trimmingSpaces()
        guard trimmed.wholeMatch(of: /[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/) != nil,
              let number = Double(trimmed), number.isFinite else { return nil }
        return number
    }

    /// An option by its label (case-insensitive) or by its number as a person counts and the
    /// plain prompts list them, from 1 (AM's own index is that number less one).
    static func index(of text: String, in options: [String]) throws(AnswerParseError) -> Int {
        let wanted = text.trimmingSpaces()
        if let position = options.firstIndex(where: { $0.equalsIgnoringCase(wanted) }) {
            return position
        }
        if let number = Int(wanted), options.indices.contains(number - 1) { return number - 1 }
        throw .notAnOption(text, options: options)
    }
}

/// Why typed text is not an answer to a callback.
public enum AnswerParseError: Error, Sendable, Hashable, CustomStringConvertible {
    case notAnOption(String, options: [String])
    case notYesOrNo(String)
    case notANumber(String)

    public var description: String {
        switch self {
        case .notAnOption(let text, let options):
            let listed = options.enumerated().map { "\($0.offset)=\(TerminalText.line($0.element))" }.joined(separator: ", ")
            return "\"\(text)\" is not one of the options (\(listed))"
        case .notYesOrNo(let text): return "\"\(text)\" is not yes or no"
        case .notANumber(let text): return "\"\(text)\" is not a number"
        }
    }
}

