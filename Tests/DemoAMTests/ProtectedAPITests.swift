import DemoAM
import Foundation
import Testing

@Suite("The protected API (/api) decides through the demo AM")
struct ProtectedAPITests {
    @Test("the banner lists the API, the IG route and the policies endpoint")
    func banner() async throws {
        try await withDemoAM { server, client in
            for path in ["/api/profile", "/api/balance", "/api/transfer", "/api/relay/transfer", "/ig/transfer"] {
                #expect(server.banner.contains(client.origin + path))
            }
            #expect(server.banner.contains(server.baseURL + "/json/realms/root/policies?_action=evaluate"))
            #expect(server.banner.contains("confidential, secret demo-api-secret"))
        }
    }

    @Test("profile: no credentials, a bad token, a bearer token and the session cookie")
    func profile() async throws {
        try await withDemoAM { _, client in
            let anonymous = try await client.resource(.GET, "/api/profile")
            #expect(anonymous.status == 401)
            #expect(anonymous.challenge == #"Bearer realm="demo-api""#)

            let bad = try await client.resource(.GET, "/api/profile", headers: [("Authorization", "Bearer nope")])
            #expect(bad.status == 401)
            #expect(bad.challenge?.hasPrefix(#"Bearer realm="demo-api", error="invalid_token", error_description=""#) == true)

            let ssoToken = try await client.signIn()
            let bearer = try await client.resource(.GET, "/api/profile", headers: [("Authorization", "Bearer \(try await client.accessToken(ssoToken: ssoToken))")])
            #expect(bearer.status == 200)
            #expect(bearer.json.keys == ["sub", "scope", "auth_level", "amr", "acr", "auth_time", "client_id"])
            #expect(bearer.json["sub"] == "demo" && bearer.json["client_id"] == "journeyterm" && bearer.json["scope"] == "openid profile email")

            let cookie = try await client.resource(.GET, "/api/profile", headers: [("Cookie", "iPlanetDirectoryPro=\(ssoToken)")])
            #expect(cookie.status == 200)
            #expect(cookie.json["sub"] == "demo" && cookie.json["acr"] == "Login" && cookie.json["amr"] == ["pwd"] && cookie.json["client_id"] == .null)

            let missing = try await client.resource(.GET, "/api/nothing-here")
            #expect(missing.status == 404)
            #expect(missing.json["error"] == "not_found")
        }
    }

    @Test("balance: an RFC 9470 challenge for acr StepUp, then 200 with tokens minted after the step-up")
    func balance() async throws {
        try await withDemoAM { _, client in
            let ssoToken = try await client.signIn()
            let weak = try await client.resource(.GET, "/api/balance", headers: [("Authorization", "Bearer \(try await client.accessToken(ssoToken: ssoToken))")])
            #expect(weak.status == 401)
            #expect(weak.challenge == #"Bearer realm="demo-api", error="insufficient_user_authentication", error_description="Seeing the balance needs a one-time code", acr_values="StepUp""#)

            _ = try await client.stepUp(ssoToken, code: try currentCode())
            let strong = try await client.resource(.GET, "/api/balance", headers: [("Authorization", "Bearer \(try await client.accessToken(ssoToken: ssoToken))")])
            #expect(strong.status == 200)
            #expect(strong.json["balance"] == "1234.56" && strong.json["currency"] == "EUR")
            #expect(strong.json["auth_level"] == 2 && strong.json["amr"] == ["pwd", "otp"])
        }
    }

    @Test("transfer: insufficient_scope without WRITE_TRANSACTION; an advice, ConfirmTransaction, a one-shot retry with X-TxID")
    func transfer() async throws {
        try await withDemoAM { _, client in
            let ssoToken = try await client.signIn()
            let plain = try await client.resource(.POST, "/api/transfer", headers: [("Authorization", "Bearer \(try await client.accessToken(ssoToken: ssoToken))")])
            #expect(plain.status == 403)
            #expect(plain.challenge == #"Bearer realm="demo-api", error="insufficient_scope", scope="WRITE_TRANSACTION", error_description="A transfer needs an access token with scope WRITE_TRANSACTION""#)

            let bearer = ("Authorization", "Bearer \(try await client.accessToken(clientId: "journeyterm-transactions", ssoToken: ssoToken))")
            let order = #"{"amount":"25.00","to":"savings"}"#
            let denied = try await client.resource(.POST, "/api/transfer", headers: [bearer], body: order)
            #expect(denied.status == 401)
            #expect(denied.headers["Content-Type"].first?.hasPrefix("application/json") == true)
            #expect(denied.json["resource"]?.string == client.origin + "/api/transfer")
            #expect(denied.json["actions"] == [:] && denied.json["ttl"] == 0)
            let txId = try #require(denied.json["advices"]?["TransactionConditionAdvice"]?[0]?.string)

            let unconfirmed = try await client.resource(.POST, "/api/transfer", headers: [bearer, ("X-TxID", txId)], body: order)
            #expect(unconfirmed.status == 401)

            let page = try await client.composite(adviceXML("TransactionConditionAdvice", txId), ssoToken: ssoToken)
            #expect(page.json["stage"] == "TransactionAuthorization")
            #expect(page.types == ["PasswordCallback"])
            #expect(page.json["description"]?.string?.contains("Confirm the transaction") == true)
            let wrong = try await client.submit(page, ["IDToken1": "Wrong-pass"])
            #expect(wrong.status == 401)
            let again = try await client.composite(adviceXML("TransactionConditionAdvice", txId), ssoToken: ssoToken)
            let confirmed = try await client.submit(again, ["IDToken1": "Demo-pass1"])
            #expect(confirmed.json["tokenId"]?.string == ssoToken)

            let done = try await client.resource(.POST, "/api/transfer", headers: [bearer, ("X-TxID", txId)], body: order)
            #expect(done.status == 200)
            #expect(done.json == ["transfer": "done", "amount": "25.00", "to": "savings", "txid": .string(txId)])

            let replay = try await client.resource(.POST, "/api/transfer", headers: [bearer, ("X-TxID", txId)], body: order)
            #expect(replay.status == 401)
            let newTxId = try #require(replay.json["advices"]?["TransactionConditionAdvice"]?[0]?.string)
            #expect(newTxId != txId)
            #expect(try await client.composite(adviceXML("TransactionConditionAdvice", txId), ssoToken: ssoToken).status == 400)
        }
    }

    @Test("relay: a denial is AM's decision itself with HTTP 200; confirmed, a one-shot retry with X-TxID and the session cookie")
    func relayedTransfer() async throws {
        try await withDemoAM { _, client in
            let ssoToken = try await client.signIn()
            let cookie = ("Cookie", "iPlanetDirectoryPro=\(ssoToken)")
            let denied = try await client.resource(.POST, "/api/relay/transfer", headers: [cookie])
            #expect(denied.status == 200)
            #expect(denied.json["resource"]?.string == client.origin + "/api/relay/transfer")
            #expect(denied.json["actions"] == [:] && denied.json["attributes"] == [:] && denied.json["ttl"] == 0)
            let txId = try #require(denied.json["advices"]?["TransactionConditionAdvice"]?[0]?.string)

            let page = try await client.composite(adviceXML("TransactionConditionAdvice", txId), ssoToken: ssoToken)
            _ = try await client.submit(page, ["IDToken1": "Demo-pass1"])
            let done = try await client.resource(.POST, "/api/relay/transfer", headers: [cookie, ("X-TxID", txId)])
            #expect(done.status == 200)
            #expect(done.json == ["transfer": "done", "via": "relay", "txid": .string(txId)])
            let replay = try await client.resource(.POST, "/api/relay/transfer", headers: [cookie, ("X-TxID", txId)])
            #expect(replay.status == 200 && replay.json["advices"]?["TransactionConditionAdvice"] != nil, "a transaction is good once")
            #expect(try await client.resource(.GET, "/api/relay/transfer").status == 401)
        }
    }

    @Test("a transaction confirmed without a session (the sign-in page is the confirmation) is the confirming user's")
    func confirmWithoutSession() async throws {
        try await withDemoAM { _, client in
            let bearer = ("Authorization", "Bearer \(try await client.accessToken(clientId: "journeyterm-transactions", ssoToken: try await client.signIn()))")
            let denied = try await client.resource(.POST, "/api/transfer", headers: [bearer])
            let txId = try #require(denied.json["advices"]?["TransactionConditionAdvice"]?[0]?.string)
            let credentials = try await client.composite(adviceXML("TransactionConditionAdvice", txId))
            #expect(credentials.json["stage"] == "UsernamePassword")
            let confirmed = try await client.submit(credentials, ["IDToken1": "demo", "IDToken2": "Demo-pass1"])
            #expect(confirmed.json["tokenId"]?.string != nil)
            let done = try await client.resource(.POST, "/api/transfer", headers: [bearer, ("X-TxID", txId)])
            #expect(done.json == ["transfer": "done", "amount": "100.00", "to": "savings", "txid": .string(txId)])
        }
    }
}
