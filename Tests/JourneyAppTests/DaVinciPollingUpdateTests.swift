import DaVinci
import Foundation
import JourneyApp
import JourneyProfiles
import Orchestrate
import TerminalKit
import Testing

/// A DaVinci tab on a polling form, as pure `update` scripts: the tab waits (a scheduled poll,
/// its spinner saying which poll), polls by itself, and Esc stops it.
@MainActor
struct DaVinciPollingUpdateTests {
    static let origin = "http://127.0.0.1:9/env"

    static func endpoints() -> OAuthEndpoints {
        func url(_ path: String) -> URL { URL(string: "\(origin)/as/\(path)")! }
        return OAuthEndpoints(issuer: "\(origin)/as", authorize: url("authorize"), token: url("token"), revoke: url("revoke"),
                              userinfo: url("userinfo"), endSession: url("signoff"), jwks: url("jwks"))
    }

    static let pollingForm = """
        {"interactionId":"i-1","interactionToken":"t-1","eventName":"continue","id":"node-1",
         "_links":{"next":{"href":"\(origin)/davinci/connections/c/capabilities/customForm"}},
         "form":{"name":"Approve on your phone","components":{"fields":[
          {"type":"LABEL","content":"Waiting for approval on your phone"},
          {"type":"POLLING","key":"approval","pollInterval":"1500","pollRetries":"2"}]}}}
        """
    static let rewind = #"{"eventName":"rewindStateToLastRenderedUI","success":true,"id":"node-1","interactionId":"i-1"}"#

    /// A tab whose flow showed the polling form; the tab's first wait is scheduled.
    static func waiting() throws -> (AppState, [AppEffect]) {
        let profile = try TabKindUpdateTests.davinciProfile()
        var state = AppState(profiles: [profile], openTabsFor: [profile])
        _ = state.open(tab: 0)
        var snapshot = InstanceSnapshot()
        snapshot.endpoints = endpoints()
        _ = state.update(.tab(id: 1, .instanceOpened(requestID: 1, .success(snapshot))))
        let effects = state.update(.tab(id: 1, .responded(requestID: 2, .success(TabKindUpdateTests.response(pollingForm)))))
        return (state, effects)
    }

    static func pollValue(_ effects: [AppEffect]) throws -> String? {
        guard case .tab(1, .send(_, let request))? = effects.first, effects.count == 1 else { return nil }
        let body = try JSONValue.parse(try #require(request.body))
        #expect(body["parameters"]?["eventType"]?.stringValue == "polling")
        return body["parameters"]?["data"]?["formData"]?["approval"]?.stringValue
    }

    @Test func aPollingFormWaitsThenPollsByItselfWithTheSpinnerSayingWhichPoll() throws {
        var (state, effects) = try Self.waiting()
        #expect(effects == [.tab(id: 1, .schedulePoll(authId: "3", after: .milliseconds(1500)))], "nothing is sent before the interval")
        #expect(state.tabs[0].davinci?.polling == PollProgress(attempt: 1, retries: 2, interval: .milliseconds(1500), asksChallenge: false))
        guard case .busy(let waiting)? = state.tabs[0].davinci?.phase else { Issue.record("the tab is not waiting"); return }
        #expect(waiting.purpose == .poll)

        #expect(try Self.pollValue(state.update(.tab(id: 1, .pollDue(authId: "3")))) == "continue")
        let rewound = state.update(.tab(id: 1, .responded(requestID: 4, .success(TabKindUpdateTests.response(Self.rewind)))))
        #expect(rewound == [.tab(id: 1, .schedulePoll(authId: "5", after: .milliseconds(1500)))], "a rewind is the same form: wait again")
        #expect(state.tabs[0].davinci?.polling?.attempt == 2)
        #expect(try Self.pollValue(state.update(.tab(id: 1, .pollDue(authId: "5")))) == "timedOut", "the last of pollRetries says so")
    }

    @Test func escStopsThePollingAndEnterPollsAgain() throws {
        var (state, _) = try Self.waiting()
        #expect(state.update(.key(.escape)) == [.tab(id: 1, .cancel(requestID: 3))])
        #expect(state.tabs[0].banner?.text == "Polling stopped. Enter polls again.")
        #expect(state.tabs[0].davinci?.polling == nil)
        #expect(state.update(.tab(id: 1, .pollDue(authId: "3"))) == [], "the stopped wait's end is ignored")
        #expect(state.update(.key(.enter)) == [.tab(id: 1, .schedulePoll(authId: "4", after: .milliseconds(1500)))])
        #expect(state.tabs[0].davinci?.polling?.attempt == 1, "no poll was sent, so none was counted")
    }
}
