import DemoAM
import Foundation
import Testing

/// Nodes of the demo's own journeys, each in a small export of its own, where AM's node does
/// something the demo journeys never reach.
@Suite("multi-factor and session nodes")
struct MultiFactorNodeTests {
    private static let success = "70e691a5-1e33-4ac3-a356-e7b6d60d92e0"
    private static let failure = "e301438c-0bd0-429c-ab0c-66126501069a"

    /// A journey of one page with a User Name Collector, then `nodes` (id: type, configuration,
    /// connections), the first of them after the page.
    private static func export(_ name: String, _ nodes: [(id: String, type: String, configuration: String, connections: String)]) -> JourneyExportFile {
        let treeNodes = [#""p":{"nodeType":"PageNode","displayName":"Page","connections":{"outcome":"\#(nodes[0].id)"}}"#]
            + nodes.map { #""\#($0.id)":{"nodeType":"\#($0.type)","displayName":"\#($0.id)","connections":\#($0.connections)}"# }
        let configurations = [#""p":{"_id":"p","_type":{"_id":"PageNode"},"nodes":[{"_id":"u","nodeType":"UsernameCollectorNode","displayName":"Name"}]}"#]
            + nodes.map { #""\#($0.id)":{"_id":"\#($0.id)","_type":{"_id":"\#($0.type)"}\#($0.configuration.isEmpty ? "" : ",")\#($0.configuration)}"# }
        let json = #"{"trees":{"\#(name)":{"tree":{"_id":"\#(name)","entryNodeId":"p","nodes":{\#(treeNodes.joined(separator: ","))}},"#
            + #""nodes":{\#(configurations.joined(separator: ","))},"innerNodes":{"u":{"_id":"u","_type":{"_id":"UsernameCollectorNode"}}}}}}"#
        return JourneyExportFile(source: "\(name).json", contents: Data(json.utf8))
    }

    @Test("Push Result Verifier answers EXPIRED once the sender's messageTimeout passed before the approval")
    func anUnansweredPushExpires() async throws {
        var configuration = DemoAMConfiguration(port: 0, pushApprovalDelay: .seconds(30))
        configuration.journeyExports = [Self.export("Expiring", [
            ("send", "PushAuthenticationSenderNode", #""messageTimeout":0"#, #"{"SENT":"verify","NOT_REGISTERED":"\#(Self.failure)"}"#),
            ("verify", "PushResultVerifierNode", "", #"{"EXPIRED":"\#(Self.success)","TRUE":"\#(Self.failure)","FALSE":"\#(Self.failure)","WAITING":"\#(Self.failure)"}"#),
        ])]
        try await withDemoAM(configuration) { _, client in
            let done = try await client.submit(try await client.start("Expiring"), ["IDToken1": "alice"])
            #expect(done.json["tokenId"]?.string != nil, "EXPIRED leads to Success here: \(done.text)")
        }
    }

    @Test("Social Provider Handler needs the provider Select Identity Provider chose")
    func aHandlerWithoutAChosenProviderStops() async throws {
        var configuration = DemoAMConfiguration(port: 0)
        configuration.journeyExports = [Self.export("Unchosen", [
            ("social", "SocialProviderHandlerNode", "", #"{"ACCOUNT_EXISTS":"\#(Self.success)","NO_ACCOUNT":"\#(Self.failure)"}"#),
        ])]
        try await withDemoAM(configuration) { _, client in
            let refused = try await client.submit(try await client.start("Unchosen"), ["IDToken1": "alice"])
            #expect(refused.status == 401)
            #expect(refused.json["message"]?.string?.hasSuffix("selectedIdp not found in state") == true, "\(refused.text)")
        }
    }

    @Test("Get Session Data reads the session of the request it runs in, not the one the journey started with")
    func sessionDataIsReadWhenTheNodeRuns() async throws {
        var configuration = DemoAMConfiguration(port: 0)
        configuration.journeyExports = [Self.export("WhoIsIt", [
            ("session", "SessionDataNode", #""sessionDataKey":"UserToken","sharedStateKey":"userName""#, #"{"outcome":"find"}"#),
            ("find", "IdentifyExistingUserNode", #""identifier":"userName","identityAttribute":"userName""#,
             #"{"true":"\#(Self.success)","false":"\#(Self.failure)"}"#),
        ])]
        try await withDemoAM(configuration) { _, client in
            let demo = try await client.signIn()
            let page = try await client.start("WhoIsIt", headers: [("iPlanetDirectoryPro", demo)])
            // The page is answered without demo's session: the name typed is the user.
            let done = try await client.submit(page, ["IDToken1": "alice"])
            let token = try #require(done.json["tokenId"]?.string, "\(done.text)")
            #expect(jwtPayload(try await client.accessToken(ssoToken: token))["sub"] == "alice")
        }
    }

    @Test("a page shown again because another node on it asks never sends the OATH code back")
    func anOATHCodeIsNotEchoed() async throws {
        let json = #"{"trees":{"Echo":{"tree":{"_id":"Echo","entryNodeId":"p","nodes":{"#
            + #""p":{"nodeType":"PageNode","displayName":"Page","connections":{"outcome":"q"}},"#
            + #""q":{"nodeType":"PageNode","displayName":"Code and name","connections":{"outcome":"\#(Self.success)"}}}},"#
            + #""nodes":{"p":{"_id":"p","_type":{"_id":"PageNode"},"nodes":[{"_id":"u","nodeType":"UsernameCollectorNode","displayName":"Name"}]},"#
            + #""q":{"_id":"q","_type":{"_id":"PageNode"},"nodes":[{"_id":"o","nodeType":"OathTokenVerifierNode","displayName":"Code"},"#
            + #"{"_id":"a","nodeType":"AttributeCollectorNode","displayName":"Given name"}]}},"#
            + #""innerNodes":{"u":{"_id":"u","_type":{"_id":"UsernameCollectorNode"}},"o":{"_id":"o","_type":{"_id":"OathTokenVerifierNode"}},"#
            + #""a":{"_id":"a","_type":{"_id":"AttributeCollectorNode"},"attributesToCollect":["givenName"],"required":true}}}}}"#
        var configuration = DemoAMConfiguration(port: 0)
        configuration.journeyExports = [JourneyExportFile(source: "echo.json", contents: Data(json.utf8))]
        try await withDemoAM(configuration) { _, client in
            let page = try await client.submit(try await client.start("Echo"), ["IDToken1": "demo"])
            #expect(page.types == ["NameCallback", "ConfirmationCallback", "StringAttributeInputCallback"])
            let code = try currentCode()
            // The given name is missing: the page comes back, with the code's field empty.
            let again = try await client.submit(page, ["IDToken1": .string(code), "IDToken3": ""])
            #expect(again.types == page.types, "\(again.text)")
            #expect(again.callbacks[0].input("IDToken1") == "")
            #expect(!again.text.contains(code))
        }
    }
}
