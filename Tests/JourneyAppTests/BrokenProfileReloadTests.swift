import Foundation
import JourneyApp
import JourneyEngine
import JourneyProfiles
import Orchestrate
import Testing

/// A save of `profiles.yaml` in which one profile cannot be used: that profile blocks only
/// itself, in its tabs and in the new-tab dialog's list.
@MainActor
@Suite(.serialized)
struct BrokenProfileReloadTests {
    @Test func aBrokenProfileKeepsItsTabsAndTheOthersApply() async throws {
        try await withTwoDemoAMs { demo, _ in
            let lab = try ClientProfile(name: "lab", options: try ConfigurationTests.options(demo.baseURL), profileName: "lab")
            let web = try ClientProfile(name: "web", options: try ConfigurationTests.options(demo.baseURL, oauth: false, preset: .multiUser),
                                        profileName: "web")
            let app = AppDriver(tabs: [lab, web])
            try await app.waitForPage("UsernamePassword")
            let problem = "timeout \"-3\" cannot be used: it must be more than 0 seconds (from profile lab (profiles.yaml:6))"
            let editedWeb = try ConfigurationTests.options(demo.baseURL, realm: "alpha", oauth: false, preset: .multiUser)
            app.send(.profilesChanged(.partlyLoaded(["web": editedWeb], broken: ["lab": problem])))
            try await app.wait { $0.tabs[1].profile.options.realmText == "alpha" }
            #expect(app.state.tabs[0].banner?.text == "profiles.yaml: profile lab has a problem; this tab keeps its options. \(problem)")
            #expect(app.state.tabs[0].banner?.kind == .error)
            #expect(app.state.tabs[0].profile.profileName == "lab", "the tab still follows its profile, to take it when it is fixed")
            #expect(app.state.tabs[0].profile.options.timeoutSeconds == 30)
            #expect(app.state.profiles.map(\.profileName) == ["lab", "web"], "the broken profile stays offered as it was")
        }
    }
}
