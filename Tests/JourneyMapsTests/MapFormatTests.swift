import Foundation
import JourneyMaps
import Orchestrate
import Testing

@Suite struct MapFormatTests {
    private static var login: JourneyDefinition {
        get throws { try #require(JourneyCatalog.read(paths: [Fixtures.path("Login.journey.json")]).journey(named: "ExampleLogin")) }
    }

    @Test func mermaidNamesEveryNodeAndLabelsEveryOutcome() throws {
        #expect(MapFormat.mermaid.render(try Self.login) == """
        flowchart TD
            start(["Start: ExampleLogin"])
            n1["Sign-in page (PageNode)"<br/>"· User name"<br/>"· Password"]
            n2["Check the password (DataStoreDecisionNode)"]
            n3["Complete the profile (InnerTreeEvaluatorNode)"<br/>"runs ExampleProfile"]
            n4["Three tries (RetryLimitDecisionNode)"]
            success([Success])
            failure([Failure])
            start --> n1
            n1 -->|"outcome"| n2
            n2 -->|"false"| n4
            n2 -->|"true"| n3
            n3 -->|"false"| failure
            n3 -->|"true"| success
            n4 -->|"Reject"| failure
            n4 -->|"Retry"| n1

        """)
    }

    @Test func mermaidAndDotEscapeWhatTheyWouldReadAsSyntax() {
        let journey = JourneyDefinition(name: "Quotes \"and\" | pipes", entryNodeID: "a", nodes: [
            JourneyNode(id: "a", type: "MessageNode", displayName: "Say \"hi\" <b>#1</b> | \\\\", connections: [.init(outcome: "yes|no", target: JourneyEnd.success.rawValue)]),
        ], source: "test")
        let mermaid = MapFormat.mermaid.render(journey)
        #expect(mermaid.contains(#"a["Say #quot;hi#quot; #lt;b#gt;#35;1#lt;/b#gt; #124; \\ (MessageNode)"]"#) == false)
        #expect(mermaid.contains(#"n1["Say #quot;hi#quot; #lt;b#gt;#35;1#lt;/b#gt; #124; \\ (MessageNode)"]"#))
        #expect(mermaid.contains(#"n1 -->|"yes#124;no"| success"#))
        let dot = MapFormat.dot.render(journey)
        #expect(dot.hasPrefix(#"digraph "Quotes \"and\" | pipes" {"#))
        #expect(dot.contains(#""a" [label="Say \"hi\" <b>#1</b> | \\\\ (MessageNode)"];"#))
        #expect(dot.contains(#""a" -> "70e691a5-1e33-4ac3-a356-e7b6d60d92e0" [label="yes|no"];"#))
    }

    @Test func jsonHasTheNodesAndEdges() throws {
        let json = try JSONValue.parse(Array(MapFormat.json.render(try Self.login).utf8).withUnsafeBufferPointer { Data($0) })
        #expect(json["journey"]?.stringValue == "ExampleLogin")
        let nodes = json["nodes"]?.arrayValue ?? []
        #expect(nodes.count == 6, "four nodes and the two ends")
        #expect(nodes.first?["pageNodes"]?.arrayValue?.count == 2)
        #expect(nodes.compactMap { $0["innerTree"]?.stringValue } == ["ExampleProfile"])
        let edges = json["edges"]?.arrayValue ?? []
        #expect(edges.count == 8)
        #expect(edges.first?["from"]?.stringValue == "start" && edges.first?["outcome"] == nil)
        #expect(edges.contains { $0["outcome"]?.stringValue == "Retry" && $0["to"]?.stringValue == "a1000000-0000-4000-8000-000000000001" })
    }
}
