import JourneyEngine
import TerminalKit

/// The `n` dialog: pick a known profile, or type a URL, realm and journey.
public struct NewTabDialog: Sendable {
    public var profiles: RadioList
    public var url: TextField
    public var realm: TextField
    public var journey: TextField
    /// 0: the profile list; 1…3: the text fields.
    public var focus = 0
    public var problem: String?

    static let other = "Another server…"

    init(profiles: [ClientProfile]) {
        let names = profiles.map { "\($0.name) · \($0.server.hostDescription) · \($0.request.journeyName ?? "default journey")" }
        self.profiles = RadioList(label: "Open a tab for", options: names + [Self.other])
        url = TextField(label: "Server URL", placeholder: "https://am.example.com/am")
        realm = TextField(label: "Realm", text: "root")
        journey = TextField(label: "Journey", text: "Login")
    }

    var wantsOtherServer: Bool { profiles.selected == profiles.options.count - 1 }
}
