import DemoAM
import Foundation
import Testing

@Suite("The Identity Gateway emulation (/ig/transfer)")
struct IdentityGatewayTests {
    @Test("header mode: 401 SSOADVICE with padded base64 advices, ConfirmTransaction, then the retry with _txid")
    func headerMode() async throws {
        try await withDemoAM { server, client in
            let ssoToken = try await client.signIn()
            let cookie = ("Cookie", "iPlanetDirectoryPro=\(ssoToken)")
            let denied = try await client.resource(.GET, "/ig/transfer", headers: [cookie, ("x-authenticate-response", "header")])
            #expect(denied.status == 401)
            let challenge = try #require(denied.challenge)
            #expect(challenge.hasPrefix(#"SSOADVICE realm="/",advices=""#))
            #expect(challenge.hasSuffix(#"",am_uri="\#(server.baseURL)""#))
            let encoded = try #require(challenge.split(separator: "\"").dropFirst(3).first)
            #expect(encoded.count % 4 == 0)
            let advices = try #require(Data(base64Encoded: String(encoded)).flatMap { JSON.parse(String(decoding: $0, as: UTF8.self)) })
            #expect(advices.keys == ["TransactionConditionAdvice"])
            let txId = try #require(advices["TransactionConditionAdvice"]?[0]?.string)

            let page = try await client.composite(adviceXML("TransactionConditionAdvice", txId), ssoToken: ssoToken)
            _ = try await client.submit(page, ["IDToken1": "Demo-pass1"])
            let done = try await client.resource(.GET, "/ig/transfer?_txid=\(txId)", headers: [cookie, ("x-authenticate-response", "header")])
            #expect(done.status == 200)
            #expect(done.json == ["transfer": "done", "via": "ig", "txid": .string(txId)])
            #expect(try await client.resource(.GET, "/ig/transfer?_txid=\(txId)", headers: [cookie, ("x-authenticate-response", "header")]).status == 401)
        }
    }

    @Test("redirect mode: 307 to AM with goto (the URL with _txid), realm and the composite advice; following it works")
    func redirectMode() async throws {
        try await withDemoAM { server, client in
            let bearer = ("Authorization", "Bearer \(try await client.accessToken(clientId: "journeyterm-transactions", ssoToken: try await client.signIn()))")
            let denied = try await client.resource(.POST, "/ig/transfer?account=main", headers: [bearer])
            #expect(denied.status == 307)
            let location = try #require(denied.location)
            #expect(location.hasPrefix(server.baseURL + "/?goto=http%3A%2F%2F127.0.0.1%3A"))
            #expect(location.contains("&realm=/&authIndexType=composite_advice&authIndexValue=%3CAdvices%3E"))
            #expect(denied.redirectItems.map(\.name) == ["goto", "realm", "authIndexType", "authIndexValue"])
            #expect(denied.redirect["realm"] == "/" && denied.redirect["authIndexType"] == "composite_advice")
            let xml = try #require(denied.redirect["authIndexValue"])
            let gotoURL = try #require(denied.redirect["goto"])
            let goto = try #require(URLComponents(string: gotoURL))
            #expect(goto.path == "/ig/transfer")
            let txId = try #require(goto.queryItems?.first { $0.name == "_txid" }?.value)
            #expect(goto.queryItems?.first { $0.name == "account" }?.value == "main")
            #expect(xml == adviceXML("TransactionConditionAdvice", txId))

            let credentials = try await client.authenticate(query: "authIndexType=composite_advice&authIndexValue=" + percentEncoded(xml))
            _ = try await client.submit(credentials, ["IDToken1": "demo", "IDToken2": "Demo-pass1"])
            let done = try await client.resource(.POST, String(gotoURL.dropFirst(client.origin.count)), headers: [bearer])
            #expect(done.status == 200)
            #expect(done.json["txid"]?.string == txId)
        }
    }

    @Test("without credentials or with an unknown session: 401")
    func unauthenticated() async throws {
        try await withDemoAM { _, client in
            #expect(try await client.resource(.GET, "/ig/transfer").status == 401)
            let unknown = try await client.resource(.GET, "/ig/transfer", headers: [("Cookie", "iPlanetDirectoryPro=nope")])
            #expect(unknown.status == 401)
            #expect(unknown.challenge?.contains(#"error="invalid_token""#) == true)
        }
    }
}
