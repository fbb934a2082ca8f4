import DaVinci
import Foundation
import JourneyApp
import JourneyProfiles
import Orchestrate
import TerminalKit
import Testing

/// A DaVinci tab's social sign-on button, as pure `update` scripts: the page the flow waits on
/// while the person is in a browser, the kept flow, the pasted address resuming it, and Esc.
@MainActor
struct DaVinciBrowserUpdateTests {
    static let origin = DaVinciPollingUpdateTests.origin

    static func signOnForm(continueTo continueAddress: String = "\(origin)/davinci/connections/c/capabilities/continue") -> String {
        """
        {"interactionId":"i-1","interactionToken":"t-1","eventName":"continue","id":"node-1",
         "_links":{"next":{"href":"\(origin)/davinci/connections/c/capabilities/customForm"},"continue":{"href":"\(continueAddress)"}},
         "form":{"name":"Sign On","components":{"fields":[
          {"type":"SOCIAL_LOGIN_BUTTON","key":"demo-idp","label":"Sign on with the demo IdP",
           "links":{"authenticate":{"href":"http://127.0.0.1:9/env/demo/idp/authorize?flow=i-1"}}}]}}}
        """
    }

    static let landed = "http://127.0.0.1/callback?continueToken=ct-1"

    /// A tab showing the sign-on form, whose only field is the social sign-on button.
    static func onTheForm(_ form: String = signOnForm()) throws -> AppState {
        let profile = try TabKindUpdateTests.davinciProfile()
        var state = AppState(profiles: [profile], openTabsFor: [profile])
        _ = state.open(tab: 0)
        var snapshot = InstanceSnapshot()
        snapshot.endpoints = DaVinciPollingUpdateTests.endpoints()
        _ = state.update(.tab(id: 1, .instanceOpened(requestID: 1, .success(snapshot))))
        _ = state.update(.tab(id: 1, .responded(requestID: 2, .success(TabKindUpdateTests.response(form)))))
        return state
    }

    static func paste(_ address: String, into state: inout AppState) -> [AppEffect] {
        for character in address { _ = state.update(.key(.character(character))) }
        return state.update(.key(.enter))
    }

    @Test func pressingTheButtonShowsThePageAndKeepsTheFlowWithItsPKCE() throws {
        var state = try Self.onTheForm()
        let effects = state.update(.key(.enter))
        let flow = try #require(state.tabs[0].davinci?.flow)
        let page = try #require(state.tabs[0].davinci?.browser, "the page is shown")
        #expect(effects == [.tab(id: 1, .store(.keptFlowBrowserStep(page.step)))], "nothing is sent; the flow is kept")
        #expect(page.step.pkce == flow.pkce && page.step.address == "http://127.0.0.1:9/env/demo/idp/authorize?flow=i-1")
        #expect(page.step.continueAddress == "\(Self.origin)/davinci/connections/c/capabilities/continue")
        #expect(state.tabs[0].davinci?.form != nil, "the form stays behind the page")
        let screen = CanvasText.text(state.render(size: Size(width: 80, height: 40)))
        #expect(screen.contains("Sign on with the demo IdP") && screen.contains("This sign-on goes on in a browser. Open (Esc then y copies it):"))
        #expect(screen.contains("Address the browser landed on") && screen.contains("Or scan it with a phone."))
    }

    @Test func thePastedAddressResumesTheFlowAtItsContinueLinkThenTheKeptFlowIsForgotten() throws {
        var state = try Self.onTheForm()
        _ = state.update(.key(.enter))
        let effects = Self.paste(Self.landed, into: &state)
        guard case .tab(1, .send(let requestID, let request))? = effects.first, effects.count == 1 else {
            Issue.record("the continue token was not sent: \(effects)")
            return
        }
        #expect(request.method == "POST" && request.url.absoluteString == "\(Self.origin)/davinci/connections/c/capabilities/continue")
        #expect(request.headers.contains(HTTPHeader("Authorization", "Bearer ct-1")))
        #expect(request.body == Data("{}".utf8))

        let issued = try #require(state.tabs[0].davinci?.flow?.pkce.state)
        let success = #"{"authorizeResponse":{"code":"code-1","state":"\#(issued)"}}"#
        let answered = state.update(.tab(id: 1, .responded(requestID: requestID, .success(TabKindUpdateTests.response(success)))))
        #expect(answered.first == .tab(id: 1, .store(.forgotBrowserStep)), "PingOne answered the token: the kept flow is spent")
        guard case .tab(1, .exchangeFlowCode(_, "code-1", let flow))? = answered.last, answered.count == 2 else {
            Issue.record("the code is not exchanged: \(answered)")
            return
        }
        #expect(flow.pkce.state == issued)
        #expect(state.tabs[0].davinci?.browser == nil)
    }

    @Test func anAddressWithoutAContinueTokenIsRefusedAndThePageStays() throws {
        var state = try Self.onTheForm()
        _ = state.update(.key(.enter))
        #expect(Self.paste("http://127.0.0.1/callback?code=abc", into: &state) == [])
        #expect(state.tabs[0].banner?.text == DaVinciBrowserReturnError.noContinueToken.description)
        #expect(state.tabs[0].davinci?.browser != nil)
        #expect(state.update(.key(.enter)) == [], "the page stays with the address as it was")
        guard case .answering? = state.tabs[0].davinci?.phase else {
            Issue.record("the tab is not waiting for the address")
            return
        }
    }

    @Test func theContinueTokenGoesOnlyToTheFlowsOwnServer() throws {
        var state = try Self.onTheForm(Self.signOnForm(continueTo: "https://elsewhere.example/continue"))
        _ = state.update(.key(.enter))
        #expect(Self.paste(Self.landed, into: &state) == [], "nothing is sent")
        #expect(state.tabs[0].banner?.text == DaVinciBrowserReturnError.foreignContinueLink.description)
    }

    /// Esc leads to the commands as on every form, and the help bar says so: `y` copies the
    /// address to open (one piece of code with a journey's browser page), `s` runs the flow
    /// again and forgets the kept one.
    @Test func escLeadsToTheCommandsWhereYCopiesTheAddressAndSRunsTheFlowAgain() throws {
        var state = try Self.onTheForm()
        _ = state.update(.key(.enter))
        #expect(CanvasText.text(state.render(size: Size(width: 80, height: 40))).contains("Esc then ? help · q quit"))
        #expect(state.update(.key(.escape)) == [], "nothing is given up yet")
        #expect(state.commandMode && state.tabs[0].davinci?.browser != nil, "the page stays behind the commands")
        let address = "http://127.0.0.1:9/env/demo/idp/authorize?flow=i-1"
        #expect(state.update(.key(.character("y"))) == [.copyToClipboard(address)])
        #expect(state.tabs[0].banner?.text == "The address to open is on the clipboard (OSC 52).")
        _ = state.update(.key(.escape))
        #expect(state.update(.key(.character("s"))).contains(.tab(id: 1, .store(.forgotBrowserStep))))
        #expect(state.tabs[0].davinci?.browser == nil, "the kept flow is forgotten")
    }

    @Test func aKeptFlowIsShownAgainWhenTheTabOpensAndGoesOnInItsOwnRun() throws {
        let form = try #require(DaVinciStep(json: try JSONValue.parse(Data(Self.signOnForm().utf8))))
        let kept = try #require(DaVinciBrowserStep(step: form, pressing: 0, pkce: .generate(), created: Date(timeIntervalSinceNow: -120)))
        let profile = try TabKindUpdateTests.davinciProfile()
        var state = AppState(profiles: [profile], openTabsFor: [profile])
        _ = state.open(tab: 0)
        var snapshot = InstanceSnapshot()
        snapshot.endpoints = DaVinciPollingUpdateTests.endpoints()
        snapshot.flowBrowserStep = kept
        #expect(state.update(.tab(id: 1, .instanceOpened(requestID: 1, .success(snapshot)))) == [], "the flow is not started again")
        #expect(state.tabs[0].davinci?.browser?.step == kept && state.tabs[0].davinci?.flow?.pkce == kept.pkce)
        #expect(state.tabs[0].banner?.text.hasPrefix("This instance's flow went to a browser") == true)
        guard case .tab(1, .send(_, let request))? = Self.paste(Self.landed, into: &state).first else {
            Issue.record("the kept flow did not go on")
            return
        }
        #expect(request.url.absoluteString == kept.continueAddress)

        var again = AppState(profiles: [profile], openTabsFor: [profile])
        _ = again.open(tab: 0)
        _ = again.update(.tab(id: 1, .instanceOpened(requestID: 1, .success(snapshot))))
        #expect(again.update(.key(.escape)) == [] && again.tabs[0].davinci?.browser != nil, "Esc leads to the commands")
        #expect(again.update(.key(.character("s"))).contains(.tab(id: 1, .store(.forgotBrowserStep))), "s runs the flow again")
        #expect(again.tabs[0].davinci?.browser == nil)
    }
}
