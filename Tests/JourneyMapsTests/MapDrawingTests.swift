import JourneyMaps
import ScreenSnapshots
import TerminalKit
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

    @Test func aJourneyIsDrawnInLayersWithItsOutcomesAndEnds() {
        assertScreenSnapshot(MapDrawing.canvas(Self.login), named: "map-login")
    }

    @Test func aNarrowTerminalGetsNarrowerBoxes() {
        let wide = MapDrawing.canvas(Self.login)
        let narrow = MapDrawing.canvas(Self.login, width: 36)
        #expect(narrow.size.width < wide.size.width)
        #expect(narrow.size.width <= 36, "\(CanvasText.text(narrow))")
    }

    @Test func theRunsPagesAreMarked() {
        let marks = MapDrawing.canvas(Self.login, marks: MapMarks(visited: ["page", "decision"], current: "retry"))
        let text = CanvasText.text(marks)
        #expect(text.contains("✓ Login Page") && text.contains("✓ Data Store") && text.contains("▶ Retry Limit"))
        let guessed = CanvasText.text(MapDrawing.canvas(Self.login, marks: MapMarks(current: "retry", guessed: true)))
        #expect(guessed.contains("? Retry Limit"))
    }
}
