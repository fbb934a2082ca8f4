import Foundation
import JourneyApp
import JourneyEngine
import JourneyProfiles
import Orchestrate
import Testing

/// The open tabs are saved as a workspace and come back as the same tabs (same instances).
struct WorkspaceTests {
    @Test func theOpenTabsComeBackInOrderWithTheirOptionsAndJourneys() throws {
        let options = try ClientOptions(values: [.url: .text("http://127.0.0.1:8180/am"), .preset: .text("step-up")])
        let other = try ClientOptions(values: [.url: .text("https://am.example.com/am"), .realm: .text("alpha")])
        let state = AppState(profiles: [], openTabsFor: [
            try ClientProfile(name: "standard", options: options, profileName: "demo"),
            try ClientProfile(name: "transactions", options: options, profileName: "demo"),
            try ClientProfile(name: "lab", options: other, request: JourneyRequest(.journey("SecondFactor"))),
        ])
        let store = MemoryRecordStore()
        try Workspace(state).save(named: "default", to: store)
        #expect(try Workspace.load(named: "other", from: store) == nil)

        let reopened = try #require(try Workspace.load(named: "default", from: store)).profiles
        #expect(reopened.map(\.name) == ["standard", "transactions", "lab"])
        #expect(reopened.map(\.options) == [options, options, other])
        #expect(reopened.map(\.profileName) == ["demo", "demo", nil])
        #expect(reopened.map(\.request.journeyName) == ["Login", "Login", "SecondFactor"])
        let again = AppState(profiles: [], openTabsFor: reopened)
        #expect(again.tabs.map(\.instanceName) == state.tabs.map(\.instanceName), "the same stored instances")
    }

    @Test func aWorkspaceNameMustBeAStoreName() {
        #expect(throws: StoreError.self) { try Workspace.load(named: "../escape", from: MemoryRecordStore()) }
    }
}
