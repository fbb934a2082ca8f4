import JourneyMaps
import Testing

@Suite struct PageMatcherTests {
    /// SecondFactor as the demo AM defines it: pages with stages, a retry back to the code page.
    static let journey = JourneyDefinition(name: "SecondFactor", entryNodeID: "credentials", nodes: [
        JourneyNode(id: "credentials", type: "PageNode", displayName: "Sign In", connections: [.init(outcome: "outcome", target: "password")],
                    pageChildren: [.init(id: "u", type: "UsernameCollectorNode", displayName: "User Name"),
                                   .init(id: "p", type: "PasswordCollectorNode", displayName: "Password")], stage: "UsernamePassword"),
        JourneyNode(id: "password", type: "DataStoreDecisionNode", displayName: "Check", connections: [.init(outcome: "true", target: "choice")]),
        JourneyNode(id: "choice", type: "PageNode", displayName: "Choose", connections: [.init(outcome: "outcome", target: "code")],
                    pageChildren: [.init(id: "c", type: "ChoiceCollectorNode", displayName: "Email or SMS")]),
        JourneyNode(id: "code", type: "PageNode", displayName: "Code", connections: [.init(outcome: "false", target: "retry")],
                    pageChildren: [.init(id: "o", type: "OneTimePasswordCollectorDecisionNode", displayName: "OTP")]),
        JourneyNode(id: "retry", type: "RetryLimitDecisionNode", displayName: "Three tries", connections: [.init(outcome: "Retry", target: "code")]),
    ], source: "test")

    @Test func aPagesStageNamesItsNodeForCertain() {
        let match = PageMatcher.match(PageSignature(stage: "UsernamePassword", callbackTypes: ["NameCallback", "PasswordCallback"]), in: Self.journey)
        #expect(match == .init(node: "credentials", guessed: false))
    }

    @Test func withoutAStageTheCallbacksPointToTheNodeAsAGuess() {
        let choice = PageMatcher.match(PageSignature(stage: nil, callbackTypes: ["ChoiceCallback"]), in: Self.journey, after: "credentials")
        #expect(choice == .init(node: "choice", guessed: true))
        // A lone password field: the sign-in page also has one, but the code page follows the choice.
        let code = PageMatcher.match(PageSignature(stage: nil, callbackTypes: ["TextOutputCallback", "PasswordCallback"]), in: Self.journey, after: "choice")
        #expect(code == .init(node: "code", guessed: true))
        let signIn = PageMatcher.match(PageSignature(stage: "Unknown", callbackTypes: ["NameCallback", "PasswordCallback"]), in: Self.journey)
        #expect(signIn == .init(node: "credentials", guessed: true), "an unknown stage falls back to the callbacks")
    }

    @Test func aPageNoNodeWouldSendMatchesNothing() {
        #expect(PageMatcher.match(PageSignature(stage: nil, callbackTypes: ["DeviceProfileCallback"]), in: Self.journey) == nil)
        #expect(PageMatcher.match(PageSignature(stage: nil, callbackTypes: []), in: Self.journey) == nil)
    }
}
