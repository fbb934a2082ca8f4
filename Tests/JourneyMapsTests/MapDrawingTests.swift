import JourneyMaps
import Testing

@Suite struct MapDrawingTests {
    static let login = JourneyDefinition(name: "Login", entryNodeID: "page", nodes: [
        JourneyNode(id: "page", type: "PageNode", displayName: "Login Page",
                    connections: [.init(outcome: "outcome", target: "decision")],
                    pageChildren: [.init(id: "u", type: "UsernameCollectorNode", displayName: "User Name"),
                                   .init(id: "p", type: "PasswordCollectorNode", displayName: "Password")]),
        JourneyNode(id: "decision", type: "DataStoreDecisionNode", displayName: "Data Store Decision",
                    connections: [.init(outcome: "true", target: JourneyEnd.success.rawValue), .init(outcome: "false", target: "retry")]),
        JourneyNode(id: "retry", type: "RetryLimitDecisionNode", displayName: "Retry Limit",
                    connections: [.init(outcome: "Retry", target: "page"), .init(outcome: "Reject", target: JourneyEnd.failure.rawValue)]),
    ], source: "test")

    @Test func drawsLogin() {
        let text = MapDrawing.text(Self.login)
        print(text)
        #expect(text.contains("Login Page"))
    }
}
