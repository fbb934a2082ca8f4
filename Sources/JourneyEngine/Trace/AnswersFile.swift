import Foundation
import Orchestrate

/// The answers a person gave in a client's last journey, as the `--answers` file `journey login`
/// replays: one `PROMPT=VALUE` line per answered callback, in the order of the pages (a page
/// answered again keeps its last answer). Secret answers (passwords, one-time codes, security
/// answers: `StepSecrets.isSecret`, the rule traces follow) are never written; a comment names them.
public enum AnswersFile {
    /// One answer of a callback, as an answers file or a recorded test keeps it.
    public enum Answer: Sendable, Equatable {
        /// `KEY=TEXT`: the key is the prompt (or the input's name when the prompt cannot key a line).
        case value(key: String, text: String)
        /// A secret answer to the key: never kept.
        case secret(key: String)
    }

    public static func text(from exchanges: [WireExchange]) -> String {
        let journey = RecordedJourney(exchanges: exchanges)
        var lines: [(key: String, line: String)] = []
        for answered in journey.answeredSteps {
            for callback in answered.callbacks {
                for answer in answers(of: callback) {
                    let line: String
                    switch answer {
                    case .value(let key, let text):
                        guard !text.contains(where: \.isNewline) else { continue }
                        line = "\(key)=\(TerminalText.line(text))"
                    case .secret(let key):
                        line = "# \(key)=… (secret: not saved)"
                    }
                    lines.removeAll { $0.key == answer.key }
                    lines.append((answer.key, line))
                }
            }
        }
        let name = journey.journeyName.map(TerminalText.line)
        var text = "# Answers to the journey \(name.map { "\($0) " } ?? "")for journey login --answers FILE (saved by JourneyTerm).\n"
        text += "# Secret answers are not saved: give them with --answer PROMPT=VALUE, or type them when asked.\n"
        return text + lines.map { $0.line + "\n" }.joined()
    }

    /// The answers an answered callback holds: its value, or its key alone when the value is
    /// secret (`StepSecrets.isSecret`). A security question is keyed by its input's name, its
    /// answer (secret) by the question. Nothing for a callback that asks for nothing, nor for a
    /// button left at the option AM presets (an OATH page's Submit): replaying sends it anyway,
    /// and a prompt-less button keyed by its input's name would answer another page's input.
    public static func answers(of callback: Callback) -> [Answer] {
        guard callback.requirement == .required || callback.requirement == .optional else { return [] }
        if case .confirmation(let confirmation) = callback.kind, callback.value?.intValue == confirmation.defaultOption { return [] }
        let key = usable(callback.label) ? TerminalText.line(callback.label) : callback.inputs.first?.name ?? callback.type
        if case .kbaCreate = callback.kind {
            guard let input = callback.input(role: "question"), let question = input.value.stringValue, usable(question) else { return [] }
            return [.value(key: input.name, text: question), .secret(key: TerminalText.line(question))]
        }
        if callback.inputs.contains(where: { StepSecrets.isSecret($0, of: callback) }) {
            return [.secret(key: key)]
        }
        return text(of: callback).map { [.value(key: key, text: $0)] } ?? []
    }

    /// The answer as `AnswerParser` reads it back: a choice by its label, a flag as yes or no.
    private static func text(of callback: Callback) -> String? {
        guard let value = callback.value else { return nil }
        switch callback.kind {
        case .choice(let choice): return value.intValue.flatMap { choice.choices.indices.contains($0) ? choice.choices[$0] : nil }
        case .confirmation(let confirmation):
            return value.intValue.flatMap { confirmation.options.indices.contains($0) ? confirmation.options[$0] : nil }
        case .booleanAttribute, .termsAndConditions, .consentMapping: return value.boolValue.map { $0 ? "yes" : "no" }
        case .numberAttribute:
            guard let number = value.doubleValue else { return nil }
            return number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
        default: return value.stringValue
        }
    }

    /// A key an answers file can hold: not empty, no `=`, not read as a comment, no control or
    /// bidi character (a prompt with one is keyed by its input's name instead: the file stays
    /// safe to print and still answers the page).
    private static func usable(_ key: String) -> Bool {
        let trimmed = key.trimmingSpaces()
        return !trimmed.isEmpty && !trimmed.contains("=") && !trimmed.hasPrefix("#") && !trimmed.unicodeScalars.contains(where: TerminalText.isUnsafe)
    }
}

extension AnswersFile.Answer {
    /// The key the answer is given to.
    public var key: String {
        switch self {
        case .value(let key, _), .secret(let key): key
        }
    }
}
