import DaVinci
import JourneyEngine
import Orchestrate

/// The whole catalog: every option of either kind, for the profile file, the environment, the
/// flags, `journey config show`, the imports and exports and the UI's configuration form.
extension OptionKey {
    /// Every option, in catalog order: a journey instance's (the common ones among them), then
    /// a DaVinci instance's own.
    public static let allCases: [OptionKey] = JourneyOptions.keys + DaVinciOptions.keys

    /// The option named `rawValue`, if there is one.
    public init?(rawValue: String) {
        guard let key = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = key
    }

    /// The options an instance of `kind` takes, in catalog order.
    public static func options(for kind: OrchestrationKind) -> [OptionKey] {
        allCases.filter { $0.onlyFor.map { $0 == kind } ?? true }
    }

    /// The known option closest to a mistyped name, for "did you mean".
    public static func closest(to name: String) -> OptionKey? {
        closest(to: name, among: allCases)
    }

    /// The groups options are shown in, in catalog order.
    public static var groups: [Group] {
        allCases.reduce(into: []) { groups, key in if !groups.contains(key.group) { groups.append(key.group) } }
    }
}
