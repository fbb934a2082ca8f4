import AsyncHTTPClient
import DemoAM
import Foundation
import NIOCore
import Testing

@Suite("Policy evaluation (DemoTransactions)")
struct PolicyEvaluationTests {
    /// `POST …/policies?_action=evaluate` with the caller's SSO token.
    private func evaluate(_ client: AMClient, caller: String?, body: String) async throws -> Reply {
        var request = HTTPClientRequest(url: client.baseURL + "/json/realms/root/policies?_action=evaluate")
        request.method = .POST
        request.headers.add(name: "Accept-API-Version", value: "resource=2.1")
        request.headers.add(name: "Content-Type", value: "application/json")
        if let caller { request.headers.add(name: "iPlanetDirectoryPro", value: caller) }
        request.body = .bytes(ByteBuffer(string: body))
        return try await client.send(request)
    }

    @Test("an array of decisions: a transfer is denied with a new transaction, other resources allowed; ssoToken subjects work")
    func decisions() async throws {
        try await withDemoAM { _, client in
            let caller = try await client.signIn("alice", password: "Alice-pass1")
            let user = try await client.signIn()
            let transfer = client.origin + "/api/transfer"
            let reply = try await evaluate(client, caller: caller, body: """
                {"application":"DemoTransactions","resources":["\(transfer)","\(client.origin)/api/profile"],"subject":{"ssoToken":"\(user)"}}
                """)
            #expect(reply.status == 200)
            #expect(reply.json.array.count == 2)
            #expect(reply.json[0]?.keys == ["resource", "actions", "attributes", "advices", "ttl"])
            let txId = try #require(reply.json[0]?["advices"]?["TransactionConditionAdvice"]?[0]?.string)
            #expect(UUID(uuidString: txId) != nil)
            #expect(reply.json[1]?.string == nil)
            #expect(reply.text.contains(#"{"resource":"\#(client.origin)/api/profile","actions":{"POST":true,"GET":true},"attributes":{},"advices":{},"ttl":0}"#))

            // Another user cannot confirm demo's transaction.
            let page = try await client.composite(adviceXML("TransactionConditionAdvice", txId), ssoToken: caller)
            #expect(try await client.submit(page, ["IDToken1": "Alice-pass1"]).status == 401)
        }
    }

    @Test("no caller session is 401; an unknown application, no resources or a bad subject is a 400")
    func refusals() async throws {
        try await withDemoAM { _, client in
            let body = #"{"application":"DemoTransactions","resources":["x"],"subject":{"ssoToken":"nope"}}"#
            #expect(try await evaluate(client, caller: nil, body: body).status == 401)
            let caller = try await client.signIn()
            for (bad, message) in [
                (body, "ssoToken is not a valid session"),
                (#"{"application":"Other","resources":["x"],"subject":{"jwt":"x"}}"#, "Unknown application Other"),
                (#"{"application":"DemoTransactions","resources":[],"subject":{"jwt":"x"}}"#, "resources"),
                (#"{"application":"DemoTransactions","resources":["x"],"subject":{"jwt":"x"}}"#, "jwt is not a valid access token"),
            ] {
                let reply = try await evaluate(client, caller: caller, body: bad)
                #expect(reply.status == 400)
                #expect(reply.json["message"]?.string?.contains(message) == true, "\(reply.text)")
            }
        }
    }
}
