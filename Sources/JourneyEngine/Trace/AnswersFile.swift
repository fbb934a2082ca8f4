import Foundation
import Orchestrate

/// The answers a person gave in a client's last journey, as the `--answers` file `journey login`
/// replays: one `PROMPT=VALUE` line per answered callback, in the order of the pages (a page
/// answered again keeps its last answer). Secret answers (passwords, one-time codes, security
/// answers: `StepSecrets.isSecret`, the rule traces follow) are never written; a comment names them.
public enum AnswersFile {
    public static func text(from exchanges: [WireExchange]) -> String {
        let journeyStart = exchanges.lastIndex { isAuthenticate($0.request) && step(in: $0.request) == nil } ?? 0
        var lines: [(key: String, line: String)] = []
        for exchange in exchanges[journeyStart...] where isAuthenticate(exchange.request) {
            guard let step = step(in: exchange.request) else { continue }
            for callback in step.callbacks {
                for line in Self.lines(for: callback) {
                    lines.removeAll { $0.key == line.key }
                    lines.append(line)
                }
            }
        }
        let journey = exchanges.indices.contains(journeyStart) ? journeyName(of: exchanges[journeyStart].request) : nil
        var text = "# Answers to the journey \(journey.map { "\($0) " } ?? "")for journey login --answers FILE (saved by JourneyTerm).\n"
        text += "# Secret answers are not saved: give them with --answer PROMPT=VALUE, or type them when asked.\n"
        return text + lines.map { $0.line + "\n" }.joined()
    }

    /// The lines of one callback: its answer, or a comment for a secret one.
    private static func lines(for callback: Callback) -> [(key: String, line: String)] {
        guard callback.requirement == .required || callback.requirement == .optional else { return [] }
        let key = usable(callback.label) ? callback.label : callback.inputs.first?.name ?? callback.type
        if case .kbaCreate = callback.kind {
            // The question by its input's name; the answer is secret.
            guard let input = callback.input(role: "question"), let question = input.value.stringValue, usable(question) else { return [] }
            return [(input.name, "\(input.name)=\(TerminalText.line(question))"),
                    (question, "# \(TerminalText.line(question))=… (a security answer: not saved)")]
        }
        if callback.inputs.contains(where: { StepSecrets.isSecret($0, of: callback) }) {
            return [(key, "# \(key)=… (secret: not saved)")]
        }
        guard let value = text(of: callback), !value.contains(where: \.isNewline) else { return [] }
        return [(key, "\(key)=\(TerminalText.line(value))")]
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
        let trimmed = key.trimmingCharacters(in: .whitespaces)
        return !trimmed.isEmpty && !trimmed.contains("=") && !trimmed.hasPrefix("#") && !trimmed.unicodeScalars.contains(where: TerminalText.isUnsafe)
    }

    private static func isAuthenticate(_ request: HTTPRequest) -> Bool {
        request.method == "POST" && request.url.path.hasSuffix("/authenticate")
    }

    /// The answered step a request sends back, if it sends one.
    private static func step(in request: HTTPRequest) -> JourneyStep? {
        guard let body = request.body, let json = try? JSONValue.parse(body) else { return nil }
        return try? JourneyStep(json: json)
    }

    private static func journeyName(of request: HTTPRequest) -> String? {
        let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        guard items.contains(where: { $0.name == "authIndexType" && $0.value == "service" }) else { return nil }
        return items.first { $0.name == "authIndexValue" }?.value.map(TerminalText.line)
    }
}
