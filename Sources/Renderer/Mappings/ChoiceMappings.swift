import JourneyEngine
import Orchestrate
import TerminalKit

/// Choice, Confirmation and SelectIdP callbacks → radio lists and button rows.
enum ChoiceMappings {
    static func choice(_ position: Int, _ choice: ChoiceCallback, value: JSONValue?) -> FormField {
        let current = value?.intValue.flatMap { choice.choices.indices.contains($0) ? $0 : nil } ?? choice.defaultChoice
        return FormField(position, .radio(RadioList(
            label: TerminalText.line(choice.prompt), options: choice.choices.map(TerminalText.line),
            selected: current, highlighted: current)), .choice)
    }

    /// The server's pre-filled value is kept unless a button is pressed.
    static func confirmation(_ position: Int, _ confirmation: ConfirmationCallback) -> FormField {
        FormField(position, .buttons(ButtonRow(
            buttons: confirmation.options.map(TerminalText.line), selected: confirmation.defaultOption)), .confirmation)
    }

    static func provider(_ position: Int, _ select: SelectIdPCallback) -> FormField {
        let names = select.providers.map(\.name)
        let local = names.firstIndex(of: SelectIdPCallback.localAuthentication) ?? 0
        let labels = select.providers.map { provider in
            provider.name == SelectIdPCallback.localAuthentication
                ? "Sign in here (local account)"
                : TerminalText.line(provider.displayName) + " (needs a browser)"
        }
        return FormField(position, .radio(RadioList(
            label: "Sign in with", options: labels, selected: local, highlighted: local)), .provider(names))
    }
}
