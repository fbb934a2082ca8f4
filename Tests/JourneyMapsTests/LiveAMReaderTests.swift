import Foundation
import JourneyMaps
import Orchestrate
import Synchronization
import Testing

/// What a live AM's admin API is asked, answered by a recorded AM here: `journey serve`'s
/// answers are checked end to end in `MapCommandTests`; these are the shapes the demo AM does
/// not have.
@Suite struct LiveAMReaderTests {
    /// AM 8.1 and later: a node is read with its type's version in the path and resource 3.0; the
    /// path without one is a 404 there.
    final class VersionedNodesAM: HTTPTransport {
        let asked = Mutex<[String]>([])

        func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
            let path = request.url.path
            asked.withLock { $0.append(path + " " + (request.header("Accept-API-Version") ?? "")) }
            let tree = #"{"_id":"Login","entryNodeId":"p1","nodes":{"p1":{"nodeType":"PageNode","displayName":"Page","connections":{"outcome":"70e691a5-1e33-4ac3-a356-e7b6d60d92e0"}}}}"#
            let page = #"{"_id":"p1","_type":{"_id":"PageNode"},"nodes":[{"_id":"c1","nodeType":"UsernameCollectorNode","displayName":"User Name"}],"stage":"SignIn"}"#
            let body: String? = switch path {
            case "/am/json/realms/root/realms/alpha/realm-config/authentication/authenticationtrees/trees/Login": tree
            case "/am/json/realms/root/realms/alpha/realm-config/authentication/authenticationtrees/nodes/PageNode/1.0/p1"
                where request.header("Accept-API-Version") == "protocol=2.1,resource=3.0": page
            default: nil
            }
            return HTTPResponse(status: body == nil ? 404 : 200, headers: [], body: Data((body ?? #"{"code":404,"reason":"Not Found","message":"Not Found"}"#).utf8))
        }
    }

    @Test func aNodeIsReadAtItsVersionedPathWhenAMWantsOne() async throws {
        let am = VersionedNodesAM()
        let catalog = await LiveAMReader.catalog(LiveAM(trees: URL(string: "https://am.example.com/am/json/realms/root/realms/alpha/realm-config/authentication/authenticationtrees")!,
                                                        credential: .bearer("token"), transport: am), journey: "Login")
        #expect(catalog.problems.isEmpty, "\(catalog.problems)")
        let page = try #require(catalog.journey(named: "Login")?.nodes.first)
        #expect(page.pageChildren.map(\.displayName) == ["User Name"] && page.stage == "SignIn")
        #expect(am.asked.withLock { $0 }.last == "/am/json/realms/root/realms/alpha/realm-config/authentication/authenticationtrees/nodes/PageNode/1.0/p1 protocol=2.1,resource=3.0")
    }

    /// An inner tree or a node AM cannot give is said, and the rest of the journey is drawn.
    @Test func anInnerTreeOrANodeThatCannotBeReadIsSaidAndTheRestKept() async throws {
        struct PartlyBrokenAM: HTTPTransport {
            func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
                let tree = #"{"_id":"Login","entryNodeId":"p1","nodes":{"p1":{"nodeType":"PageNode","displayName":"Page","connections":{"outcome":"i1"}},"#
                    + #""i1":{"nodeType":"InnerTreeEvaluatorNode","displayName":"Profile","connections":{"true":"70e691a5-1e33-4ac3-a356-e7b6d60d92e0"}}}}"#
                let (status, body): (Int, String) = switch request.url.lastPathComponent {
                case "Login": (200, tree)
                case "i1": (200, #"{"_id":"i1","tree":"Profile"}"#)
                case "p1": (500, #"{"code":500,"message":"Internal Server Error"}"#)
                default: (404, #"{"code":404,"message":"Not Found"}"#)
                }
                return HTTPResponse(status: status, headers: [], body: Data(body.utf8))
            }
        }
        let catalog = await LiveAMReader.catalog(LiveAM(trees: URL(string: "https://am.example.com/am/json/realms/root/realm-config/authentication/authenticationtrees")!,
                                                        credential: .bearer("token"), transport: PartlyBrokenAM()), journey: "Login")
        let login = try #require(catalog.journey(named: "Login"), "\(catalog.problems)")
        #expect(login.nodes.first { $0.id == "i1" }?.innerTree == "Profile")
        #expect(catalog.problems.contains { $0.journey == "Login" && $0.node == "p1" && $0.problem.contains("500") }, "\(catalog.problems)")
        #expect(catalog.problems.contains { $0.source.hasSuffix("/trees/Profile") && $0.problem.contains("404") }, "\(catalog.problems)")
    }

    @Test func aRefusedCredentialIsSaidAndNoVersionIsTried() async throws {
        struct Refusing: HTTPTransport {
            func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
                HTTPResponse(status: 401, headers: [], body: Data(#"{"code":401,"reason":"Unauthorized","message":"Access Denied"}"#.utf8))
            }
        }
        let catalog = await LiveAMReader.catalog(LiveAM(trees: URL(string: "https://am.example.com/am/json/realms/root/realm-config/authentication/authenticationtrees")!,
                                                        credential: .bearer("secret-token"), transport: Refusing()), journey: "Login")
        #expect(catalog.journeys.isEmpty)
        #expect(catalog.problems.map(\.problem) == ["AM refused the credential (401): sign in as an administrator, or give an administrator's access token"])
        #expect(!catalog.problems.description.contains("secret-token"))
    }
}
