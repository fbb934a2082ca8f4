import JourneyEngine
import Orchestrate
import TerminalKit

/// The `n` dialog: pick a known profile, or type a URL, realm and journey, and how the new
/// tab's instance shares its stores (←/→: the storage preset).
public struct NewTabDialog: Sendable {
    public var profiles: RadioList
    public var url: TextField
    public var realm: TextField
    public var journey: TextField
    /// 0: the profile list; 1…3: the text fields.
    public var focus = 0
    public var problem: String?
    /// The storage preset chosen for the new tab; nil keeps the profile's own.
    public var preset: StoragePreset?
    /// The profiles the list offers, in its order (the last row is another server).
    let offered: [ClientProfile]

    static let other = "Another server…"

    init(profiles: [ClientProfile]) {
        offered = profiles
        let names = profiles.map { profile in
            switch profile.kind {
            case .journey: "\(profile.name) · \(profile.hostDescription) · \(profile.request.journeyName ?? "default journey")"
            case .davinci(let flow): "\(profile.name) · DaVinci · \(profile.hostDescription) · \(flow.acrValues.first ?? "default flow")"
            }
        }
        self.profiles = RadioList(label: "Open a tab for", options: names + [Self.other])
        url = TextField(label: "Server URL", placeholder: "https://am.example.com/am")
        realm = TextField(label: "Realm", text: "root")
        journey = TextField(label: "Journey", text: "Login")
    }

    var wantsOtherServer: Bool { profiles.selected == profiles.options.count - 1 }

    /// ←/→ steps through: the profile's own preset, then each preset.
    mutating func stepPreset(forward: Bool) {
        let choices: [StoragePreset?] = [nil] + StoragePreset.allCases
        let at = choices.firstIndex(of: preset) ?? 0
        preset = choices[(at + (forward ? 1 : choices.count - 1)) % choices.count]
    }
}
