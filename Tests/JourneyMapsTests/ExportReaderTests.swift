import Foundation
import JourneyMaps
import Testing

@Suite struct ExportReaderTests {
    @Test func readsEveryJourneyOfAnExportWithItsPagesAndInnerTrees() throws {
        let catalog = JourneyCatalog.read(paths: [Fixtures.path("Login.journey.json")])
        #expect(catalog.problems.isEmpty)
        #expect(catalog.journeys.map(\.name) == ["ExampleLogin", "ExampleProfile"])
        let login = try #require(catalog.journey(named: "ExampleLogin"))
        #expect(login.entryNodeID == "a1000000-0000-4000-8000-000000000001")
        let page = try #require(login.node(login.entryNodeID))
        #expect(page.type == "PageNode")
        #expect(page.pageChildren.map(\.displayName) == ["User name", "Password"])
        #expect(page.pageChildren.map(\.type) == ["ValidatedUsernameNode", "ValidatedPasswordNode"])
        #expect(login.innerTreeNames == ["ExampleProfile"])
        let decision = try #require(login.node("a1000000-0000-4000-8000-000000000002"))
        #expect(decision.connections.map(\.outcome) == ["false", "true"], "outcomes keep the file's order")
        #expect(catalog.journey(named: "ExampleProfile")?.innerTreeOnly == true)
        #expect(catalog.innerTrees(of: login).found.map(\.name) == ["ExampleProfile"])
        #expect(catalog.innerTrees(of: login).missing.isEmpty)
    }

    @Test func readsASingleJourneyFileAndATreeAlone() throws {
        let single = try Fixtures.file("""
        {"meta": {}, "tree": {"_id": "Solo", "entryNodeId": "n1", "nodes": {"n1": {"nodeType": "UsernameCollectorNode", "displayName": "Name", "connections": {"outcome": "70e691a5-1e33-4ac3-a356-e7b6d60d92e0"}}}}, "nodes": {}, "innerNodes": {}}
        """)
        let bare = try Fixtures.file("""
        {"_id": "Bare", "entryNodeId": "n1", "nodes": {"n1": {"nodeType": "InnerTreeEvaluatorNode", "displayName": "Inner", "connections": {"true": "70e691a5-1e33-4ac3-a356-e7b6d60d92e0", "false": "e301438c-0bd0-429c-ab0c-66126501069a"}}}}
        """)
        let catalog = JourneyCatalog.read(paths: [single, bare])
        #expect(catalog.problems.isEmpty)
        #expect(catalog.journeys.map(\.name) == ["Solo", "Bare"])
        #expect(catalog.journey(named: "bare")?.name == "Bare", "names are found regardless of case when no exact match")
        #expect(catalog.journey(named: "Bare")?.nodes.first?.innerTree == nil, "with no configuration, the inner tree is unknown")
    }

    @Test func aBrokenDefinitionIsRefusedNamingTheFileTheNodeAndTheProblem() throws {
        let dangling = try Fixtures.file("""
        {"trees": {"Broken": {"tree": {"_id": "Broken", "entryNodeId": "n1", "nodes": {
          "n1": {"nodeType": "PageNode", "displayName": "Page", "connections": {"outcome": "missing-node"}}}}}}}
        """)
        let catalog = JourneyCatalog.read(paths: [dangling])
        #expect(catalog.journeys.isEmpty)
        #expect(catalog.problems.map(\.description) == [
            "\(dangling): journey Broken, node Page (n1): outcome \"outcome\" leads to missing-node, which is neither a node of the journey nor Success or Failure",
        ])
    }

    @Test(arguments: [
        (#"{"trees": {"T": {"tree": {"_id": "T", "nodes": {}}}}}"#, "journey T: it has no entryNodeId"),
        (#"{"trees": {"T": {"tree": {"_id": "T", "entryNodeId": "x", "nodes": {}}}}}"#, "journey T: its entryNodeId x is not one of its nodes"),
        (#"{"trees": {"T": {"tree": {"_id": "T", "entryNodeId": "x", "nodes": {"x": {"displayName": "D"}}}}}}"#, "journey T, node x: the node has no nodeType"),
        (#"{"trees": {"A": {"tree": {"_id": "A", "entryNodeId": "70e691a5-1e33-4ac3-a356-e7b6d60d92e0", "nodes": {}}}, "T": {"nodes": {}}}}"#,
         "journey T: the journey's entry has no \"tree\" object"),
        (#"{"trees": {"authenticationSessionsMaxDuration": 5}}"#, "no journey found"),
        (#"{"something": "else"}"#, "no journey found"),
        ("not json", "the file is not JSON"),
    ])
    func eachProblemIsSaid(text: String, expected: String) throws {
        let file = try Fixtures.file(text)
        let problems = JourneyCatalog.read(paths: [file]).problems.map(\.description)
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix(file) == true)
        #expect(problems.first?.contains(expected) == true, "\(problems)")
    }

    @Test func aFolderIsSearchedAndItsOtherJSONFilesPassedOver() throws {
        let folder = (try Fixtures.file(#"{"scripts": {}}"#, named: "scripts.json") as NSString).deletingLastPathComponent
        let catalog = JourneyCatalog.read(paths: [folder, Fixtures.folder])
        #expect(catalog.problems.isEmpty, "\(catalog.problems)")
        #expect(catalog.journeys.map(\.name).contains("ExampleLogin") && catalog.journeys.map(\.name).contains("SignIn"))
        #expect(JourneyCatalog.read(paths: ["/nonexistent/exports"]).problems.map(\.problem) == ["there is no such file or folder"])
    }

    @Test func theSameJourneyTwiceKeepsTheFirstAndSaysSo() throws {
        let other = try Fixtures.file("""
        {"_id": "ExampleProfile", "entryNodeId": "n1", "nodes": {"n1": {"nodeType": "MessageNode", "displayName": "Hi", "connections": {"true": "70e691a5-1e33-4ac3-a356-e7b6d60d92e0"}}}}
        """)
        let catalog = JourneyCatalog.read(paths: [Fixtures.path("Login.journey.json"), other])
        #expect(catalog.journey(named: "ExampleProfile")?.nodes.count == 3)
        #expect(catalog.problems.isEmpty)
        #expect(catalog.passedOver.map(\.name) == ["ExampleProfile"])
        #expect(catalog.passedOver.map(\.source) == [other])
    }

    @Test func aTreeFileFindsItsNodesInTheFolderBesideIt() throws {
        // fr-config-manager: journeys/<name>/<name>.json, its nodes in nodes/, a page's inside the page's folder.
        let tree = try Fixtures.file("""
        {"_id": "Split", "entryNodeId": "p1", "nodes": {"p1": {"nodeType": "PageNode", "displayName": "Page", "connections": {"outcome": "70e691a5-1e33-4ac3-a356-e7b6d60d92e0"}}}}
        """, named: "Split.json")
        let folder = URL(filePath: tree).deletingLastPathComponent()
        let pageFolder = folder.appending(path: "nodes/Page Node - p1")
        try FileManager.default.createDirectory(at: pageFolder, withIntermediateDirectories: true)
        try #"{"_id": "p1", "_type": {"_id": "PageNode"}, "nodes": [{"_id": "c1", "nodeType": "AttributeCollectorNode", "displayName": "Attributes"}]}"#
            .write(to: folder.appending(path: "nodes/Page Node - p1.json"), atomically: true, encoding: .utf8)
        try #"{"_id": "c1", "_type": {"_id": "AttributeCollectorNode"}}"#.write(to: pageFolder.appending(path: "Attribute Collector - c1.json"), atomically: true, encoding: .utf8)
        let catalog = JourneyCatalog.read(paths: [folder.path])
        #expect(catalog.problems.isEmpty, "\(catalog.problems)")
        #expect(catalog.journeys.map(\.name) == ["Split"], "the node files are no journeys")
        #expect(catalog.journey(named: "Split")?.nodes.first?.pageChildren.map(\.displayName) == ["Attributes"])
    }

    @Test func amsFileBasedConfigurationIsReadWithEachNodeFromItsTypesFolder() throws {
        let catalog = JourneyCatalog.read(paths: [Fixtures.path("am-config")])
        #expect(catalog.problems.isEmpty, "\(catalog.problems)")
        let signIn = try #require(catalog.journey(named: "SignIn"))
        #expect(signIn.source.hasSuffix("realm/root/authenticationtreesservice/1.0/organizationconfig/default/signin.json"))
        let page = try #require(signIn.node(signIn.entryNodeID))
        #expect(page.pageChildren.map(\.displayName) == ["User name", "Password: your own"], "names may hold colons")
        #expect(page.pageChildren.map(\.type) == ["ValidatedUsernameNode", "ValidatedPasswordNode"])
        #expect(page.stage == "CredentialsPage")
        #expect(signIn.innerTreeNames == ["Profile"])
        #expect(catalog.innerTrees(of: signIn).found.map(\.name) == ["Profile"], "found in the other realm's folder")
        #expect(catalog.journey(named: "Profile")?.innerTreeOnly == true)
        #expect(JourneyCatalog.read(paths: [Fixtures.folder]).journeys.map(\.name).sorted() == ["ExampleLogin", "ExampleProfile", "Profile", "SignIn"])
        // The tree's file alone: the journey, without what its nodes' own files say.
        let alone = JourneyCatalog.read(paths: [signIn.source]).journey(named: "SignIn")
        #expect(alone?.nodes.count == 3 && alone?.nodes.first?.pageChildren.isEmpty == true)
    }

    @Test func aJourneyMayStartAtAnEnd() throws {
        let file = try Fixtures.file(#"{"_id": "Closed", "entryNodeId": "e301438c-0bd0-429c-ab0c-66126501069a", "nodes": {}}"#)
        let journey = try #require(JourneyCatalog.read(paths: [file]).journeys.first)
        let map = MapDrawing.text(journey)
        #expect(map.contains("Start: Closed") && map.contains("Failure"))
        #expect(MapFormat.mermaid.render(journey).contains("start --> failure"))
    }

    @Test func textFromAFileIsNeutralisedForTheTerminal() throws {
        let file = try Fixtures.file("""
        {"_id": "Evil\\u001b[2J", "entryNodeId": "n1", "nodes": {"n1": {"nodeType": "Page\\u0007Node", "displayName": "\\u001b]0;title\\u0007Name", "connections": {"out\\u001bcome": "70e691a5-1e33-4ac3-a356-e7b6d60d92e0"}}}}
        """)
        let journey = try #require(JourneyCatalog.read(paths: [file]).journeys.first)
        let text = MapDrawing.text(journey) + MapFormat.mermaid.render(journey) + MapFormat.dot.render(journey) + MapFormat.json.render(journey)
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }
}
