import DemoAM
import Foundation
import Testing

/// The demo journeys' definitions on AM's admin REST API: only for an administrator, every
/// journey the demo serves, and pages whose stages are the ones its journeys send.
@Suite("authentication trees")
struct AuthenticationTreesTests {
    private static let trees = "/json/realms/root/realm-config/authentication/authenticationtrees/trees"
    private static let ends: Set<String> = ["70e691a5-1e33-4ac3-a356-e7b6d60d92e0", "e301438c-0bd0-429c-ab0c-66126501069a"]

    @Test("no token is a 401, a user's is a 403, amadmin's reads")
    func onlyAnAdministratorReadsDefinitions() async throws {
        try await withDemoAM { _, client in
            let header = DemoAM.sessionCookieName(forRealm: "/")
            let anonymous = try await client.get(Self.trees + "/Login")
            #expect(anonymous.status == 401)
            #expect(anonymous.json["message"]?.string == "Access Denied")
            let user = try await client.signIn()
            let forbidden = try await client.get(Self.trees + "/Login", headers: [(header, user)])
            #expect(forbidden.status == 403)
            #expect(forbidden.json["reason"]?.string == "Forbidden")
            let admin = try await client.signIn(DemoAM.administrator.username, password: DemoAM.administrator.password)
            let tree = try await client.get(Self.trees + "/Login", headers: [(header, admin)])
            #expect(tree.status == 200)
            #expect(tree.json["_id"]?.string == "Login")
            let alpha = try await client.get("/json/realms/root/realms/alpha/realm-config/authentication/authenticationtrees/trees/Login", headers: [(header, admin)])
            #expect(alpha.status == 200, "root's administrator reads a subrealm")
            #expect(try await client.get(Self.trees + "/NoSuchJourney", headers: [(header, admin)]).status == 404)
        }
    }

    @Test("every journey served has a tree whose outcomes lead to its nodes or the ends, and whose pages are served")
    func everyJourneyHasAWholeTree() async throws {
        try await withDemoAM { _, client in
            let admin = [(DemoAM.sessionCookieName(forRealm: "/"), try await client.signIn(DemoAM.administrator.username, password: DemoAM.administrator.password))]
            let list = try await client.get(Self.trees + "?_queryFilter=true", headers: admin)
            #expect(list.status == 200)
            let trees = list.json["result"]?.array ?? []
            #expect(Set(trees.compactMap { $0["_id"]?.string }) == Set(DemoAM.journeys))
            #expect(list.json["resultCount"] == .int(DemoAM.journeys.count))
            for tree in trees {
                let name = try #require(tree["_id"]?.string)
                let nodes = try #require(tree["nodes"])
                #expect(nodes.keys.contains(try #require(tree["entryNodeId"]?.string)), "\(name)")
                let description = try #require(tree["description"]?.string)
                let file = try #require(description.split(separator: "(").dropFirst().first?.split(separator: ")").first)
                let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                #expect(FileManager.default.fileExists(atPath: root.appending(path: String(file)).path), "\(name) names the Swift file it runs from")
                for id in nodes.keys {
                    let node = try #require(nodes[id])
                    for target in (node["connections"]?.keys ?? []).compactMap({ node["connections"]?[$0]?.string }) {
                        #expect(nodes.keys.contains(target) || Self.ends.contains(target), "\(name): \(id) leads to \(target)")
                    }
                    let type = try #require(node["nodeType"]?.string)
                    let config = try await client.get(Self.trees.replacingOccurrences(of: "/trees", with: "/nodes/\(type)/\(id)"), headers: admin)
                    #expect(config.status == 200, "\(name): node \(id)")
                    #expect(config.json["_type"]?["_id"]?.string == type)
                    let stage = config.json["stage"]?.string ?? ""
                    #expect(type != "PageNode" || !stage.isEmpty, "\(name): every page has its stage")
                }
            }
        }
    }

    @Test("the first page of each journey is a page node of its tree, by stage",
          arguments: ["Login", "SecondFactor", "Registration", "PushApproval", "MagicLink", "SocialLogin", "Captcha", "RecaptchaEnterprise", "StepUp"])
    func theFirstPageIsOneOfTheTreesPages(journey: String) async throws {
        try await withDemoAM { _, client in
            let admin = [(DemoAM.sessionCookieName(forRealm: "/"), try await client.signIn(DemoAM.administrator.username, password: DemoAM.administrator.password))]
            let tree = try await client.get(Self.trees + "/" + journey, headers: admin).json
            var stages: Set<String> = []
            for (id, node) in (tree["nodes"]?.keys ?? []).map({ ($0, tree["nodes"]?[$0]) }) where node?["nodeType"]?.string == "PageNode" {
                let config = try await client.get(Self.trees.replacingOccurrences(of: "/trees", with: "/nodes/PageNode/\(id)"), headers: admin)
                if let stage = config.json["stage"]?.string { stages.insert(stage) }
            }
            let stage = try await client.start(journey).json["stage"]?.string ?? "no stage"
            #expect(stages.contains(stage), "\(journey): \(stage) in \(stages)")
        }
    }
}
