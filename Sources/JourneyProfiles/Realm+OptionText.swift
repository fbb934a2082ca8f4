import JourneyEngine

extension Realm {
    /// The realm as a profile writes it: `root`, `alpha`, `parent/child`.
    var optionText: String { segments.isEmpty ? "root" : segments.joined(separator: "/") }
}
