import JourneyEngine
import Orchestrate
import TerminalKit

/// The `j` dialog: walk another journey in this tab (same server, same cookies), picked from
/// the journeys the known profiles name, or typed.
public struct JourneyDialog: Sendable {
    public var journeys: RadioList
    public var name: TextField
    public var focusOnName = false

    init(current: ClientProfile, profiles: [ClientProfile]) {
        var names: [String] = []
        for profile in profiles where profile.server != nil && profile.origin == current.origin {
            if let journey = profile.request.journeyName, !names.contains(journey) { names.append(journey) }
        }
        if let journey = current.request.journeyName, !names.contains(journey) { names.insert(journey, at: 0) }
        let selected = names.firstIndex(of: current.request.journeyName ?? "") ?? 0
        journeys = RadioList(label: "Journey", options: names, selected: selected, highlighted: selected)
        name = TextField(label: "Or another journey by name")
    }

    /// The typed name if there is one, else the highlighted journey.
    var chosenJourney: String? {
        let typed = name.text.trimmingSpaces()
        if !typed.isEmpty { return typed }
        return journeys.options.indices.contains(journeys.selected) ? journeys.options[journeys.selected] : nil
    }
}
