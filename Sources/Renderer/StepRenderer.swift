import JourneyEngine

/// Maps a journey step's callbacks to widgets. Pure: the same step always gives the same form.
/// All server text is neutralised for the terminal here, so widgets hold only safe text.
public enum StepRenderer {
    public static func widgets(for step: JourneyStep) -> [RenderedWidget] {
        step.callbacks.flatMap { callback in
            widgets(for: callback).map { RenderedWidget(callbackPosition: callback.position, widget: $0) }
        }
    }

    public static func widgets(for callback: Callback) -> [Widget] {
        switch callback.kind {
        case .name(let name): [TextInputMapping.widget(for: name, value: callback.value)]
        case .textInput(let input): [TextInputMapping.widget(for: input, value: callback.value)]
        case .password(let password): [PasswordMapping.widget(for: password, value: callback.value)]
        case .choice(let choice): [ChoiceMapping.widget(for: choice, value: callback.value)]
        case .textOutput(let output): TextOutputMapping.widgets(for: output)
        case .hiddenValue, .metadata: []
        default: [.placeholder(Placeholder(callbackType: TerminalText.line(callback.type), label: callback.label))]
        }
    }
}
