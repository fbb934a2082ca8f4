import JourneyEngine
import JourneyProfiles
import Orchestrate

/// The tabs `journey` reopens: each tab's name, options, profile and journey, kept as the
/// record `workspace-<name>` beside the instance stores (`$XDG_STATE_HOME/journeyterm/`). The
/// sessions and tokens are in the instances' own stores, so a reopened tab is signed in while
/// AM still accepts its session.
public struct Workspace: Sendable, Codable, Equatable {
    public struct Tab: Sendable, Codable, Equatable {
        public var name: String
        public var profileName: String?
        public var options: ClientOptions
        /// The journey the tab walks; nil for its sign-in journey (`authServiceName`).
        public var journey: String?
    }

    public var tabs: [Tab]

    /// The open tabs of the app, in order.
    public init(_ state: AppState) {
        tabs = state.tabs.map { tab in
            let journey = tab.profile.request.journeyName
            return Tab(name: tab.name, profileName: tab.profile.profileName, options: tab.profile.options,
                       journey: journey == tab.profile.options.authServiceName ? nil : journey)
        }
    }

    /// A profile per tab; a tab whose options no longer make a server is left out.
    public var profiles: [ClientProfile] {
        tabs.compactMap { tab in
            try? ClientProfile(name: tab.name, options: tab.options, profileName: tab.profileName,
                               request: tab.journey.map { JourneyRequest(.journey($0)) })
        }
    }

    /// Workspaces are not tied to a server.
    private static let owner = StoreOwner(serverURL: "", realm: "", clientId: nil)

    private static func store(named name: String, in backend: any RecordStore) -> TypedStore<Workspace> {
        TypedStore(name: "workspace-\(name)", role: .workspace, backend: backend)
    }

    /// The workspace saved under `name`, if any.
    public static func load(named name: String, from backend: any RecordStore) throws(StoreError) -> Workspace? {
        try store(named: name, in: backend).load(for: owner)
    }

    public func save(named name: String, to backend: any RecordStore) throws(StoreError) {
        try Self.store(named: name, in: backend).save(self, for: Self.owner)
    }
}
