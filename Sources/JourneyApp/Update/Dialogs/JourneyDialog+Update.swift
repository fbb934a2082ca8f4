import TerminalKit

extension JourneyDialog {
    /// A key: Enter confirms the journey chosen (typed, else picked), Tab moves between the list
    /// and the name, Esc closes, other keys go to the one in focus.
    mutating func update(_ key: KeyEvent) -> DialogOutput<String> {
        switch AppKeyMap.switchJourney.action(for: key) {
        case .close?:
            return .closes
        case .confirm?:
            return chosenJourney.map { .confirms($0) } ?? .stays
        case .nextField?, .previousField?:
            focusOnName.toggle()
        default:
            if focusOnName {
                _ = name.update(key)
            } else {
                _ = journeys.update(key)
                journeys.selected = journeys.highlighted
            }
        }
        return .stays
    }
}
