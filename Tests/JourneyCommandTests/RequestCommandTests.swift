import Foundation
import Testing

/// `journey request` as a separate process against `journey serve`: one JSON document with every
/// hop and the outcome, and the exit codes scripts rely on.
@Suite(.serialized)
struct RequestCommandTests {
    private static func hops(_ document: [String: Any]) -> [[String: Any]] {
        document["hops"] as? [[String: Any]] ?? []
    }

    private static func outcome(_ document: [String: Any]) -> [String: Any] {
        document["outcome"] as? [String: Any] ?? [:]
    }

    @Test func aStepUpIsFollowedAndReportedAsOneJSONDocument() async throws {
        try await ServedInstances.with { served in
            try await served.login("standard", preset: "step-up")
            let before = try ServedInstances.object(try await served.run(["token", "--instance", "standard", "--json"]))
            let request = try await served.run(["request", "--json", "--instance", "standard",
                                                "--answer", "Enter verification code=\(try ServedInstances.code())", served.resource("/api/balance")])
            #expect(request.status == 0, "\(request.stderr)")
            let document = try ServedInstances.object(request)
            let hops = Self.hops(document)
            #expect(hops.map { $0["kind"] as? String } == ["exchange", "journey", "tokens", "exchange"])
            #expect(Self.outcome(document)["result"] as? String == "answered")
            #expect(Self.outcome(document)["status"] as? Int == 200)
            let curl = (hops.first?["request"] as? [String: Any])?["curl"] as? String ?? ""
            #expect(curl.hasPrefix("curl '\(served.resource("/api/balance"))' -H 'Authorization: Bearer ‹redacted›'"), "\(curl)")
            let first = try #require(hops.first?["response"] as? [String: Any])
            #expect(first["status"] as? Int == 401)
            let last = try #require(hops.last?["response"] as? [String: Any])
            #expect((last["body"] as? [String: Any])?["auth_level"] as? Int == 2)
            #expect(request.stdout.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 1, "one document on one line")
            // Credentials are redacted: neither the old nor the new access token appears.
            let after = try ServedInstances.object(try await served.run(["token", "--instance", "standard", "--json"]))
            for tokens in [before, after] {
                let accessToken = try #require(tokens["access_token"] as? String)
                #expect(!request.stdout.contains(accessToken))
            }
            #expect(before["access_token"] as? String != after["access_token"] as? String, "the stepped-up tokens were stored")
        }
    }

    @Test func noFollowExitsOneWithTheChallengeStanding() async throws {
        try await ServedInstances.with { served in
            try await served.login("standard", preset: "step-up")
            let request = try await served.run(["request", "--json", "--no-follow", "--instance", "standard", served.resource("/api/balance")])
            #expect(request.status == 1, "\(request.stderr)")
            let document = try ServedInstances.object(request)
            #expect(Self.hops(document).count == 1)
            #expect((Self.hops(document).first?["next"] as? String)?.contains("only shows a challenge") == true)
            #expect(Self.outcome(document)["result"] as? String == "challenged")
        }
    }

    @Test func aMissingAnswerExitsTwoAndKeepsTheTokens() async throws {
        try await ServedInstances.with { served in
            try await served.login("standard", preset: "step-up")
            let before = try ServedInstances.object(try await served.run(["token", "--instance", "standard", "--json"]))
            let request = try await served.run(["request", "--json", "--instance", "standard", served.resource("/api/balance")])
            #expect(request.status == 2, "\(request.stderr)")
            #expect(request.stderr.contains("Enter verification code"), "the message names the prompt: \(request.stderr)")
            // The reason is the call's own, in the JSON outcome too, never "cancelled".
            #expect(request.stdout.contains("no answer was given") && !request.stdout.contains("was cancelled"), "\(request.stdout)")
            let plain = try await served.run(["request", "--instance", "standard", served.resource("/api/balance")])
            #expect(plain.stderr.contains("The step-up did not complete (The journey asks for \"Enter verification code\""), "\(plain.stderr)")
            #expect(!plain.stderr.contains("was cancelled"), "\(plain.stderr)")
            let after = try ServedInstances.object(try await served.run(["token", "--instance", "standard", "--json"]))
            #expect(before["access_token"] as? String == after["access_token"] as? String)
        }
    }

    @Test func transfersAreConfirmedAtTheRESTResourceAndTheGateway() async throws {
        try await ServedInstances.with { served in
            try await served.login("transactions", preset: "step-up", client: ServedInstances.transactionsClient)
            let confirm = ["--answer", "Password=Demo-pass1"]
            let rest = try await served.run(["request", "--json", "--instance", "transactions", "--method", "POST",
                                             "--data", #"{"amount":"100.00"}"#] + confirm + [served.resource("/api/transfer")])
            #expect(rest.status == 0, "\(rest.stderr)")
            let retried = try #require(Self.hops(try ServedInstances.object(rest)).last?["request"] as? [String: Any])
            let headers = retried["headers"] as? [[String: Any]] ?? []
            #expect(headers.contains { $0["name"] as? String == "X-TxID" })

            for mode in [[], ["--advice-by-redirect"]] {
                let gateway = try await served.run(["request", "--json", "--instance", "transactions"] + mode + confirm + [served.resource("/ig/transfer")])
                #expect(gateway.status == 0, "\(mode): \(gateway.stderr)")
                let hops = Self.hops(try ServedInstances.object(gateway))
                #expect((hops.first?["response"] as? [String: Any])?["status"] as? Int == (mode.isEmpty ? 401 : 307))
                #expect(((hops.last?["request"] as? [String: Any])?["url"] as? String)?.contains("/ig/transfer?_txid=") == true)
            }
        }
    }

    @Test func aDecisionAnsweredWith200IsConfirmedWithTheSession() async throws {
        try await ServedInstances.with { served in
            try await served.login("standard", preset: "step-up")
            let request = try await served.run(["request", "--json", "--session", "--instance", "standard", "--method", "POST",
                                                "--answer", "Password=Demo-pass1", served.resource("/api/relay/transfer")])
            #expect(request.status == 0, "\(request.stderr)")
            let document = try ServedInstances.object(request)
            let hops = Self.hops(document)
            #expect(hops.map { $0["kind"] as? String } == ["exchange", "journey", "exchange"])
            #expect((hops.first?["response"] as? [String: Any])?["status"] as? Int == 200)
            #expect((hops.first?["conclusion"] as? String)?.contains("carried by a 200") == true, "\(hops.first ?? [:])")
            let retried = (hops.last?["request"] as? [String: Any])?["headers"] as? [[String: Any]] ?? []
            #expect(retried.contains { $0["name"] as? String == "X-TxID" })
            let last = (hops.last?["response"] as? [String: Any])?["body"] as? [String: Any]
            #expect(last?["via"] as? String == "relay" && last?["transfer"] as? String == "done", "\(last ?? [:])")
        }
    }

    @Test func anAnswerThatIsNotASuccessExitsOne() async throws {
        try await ServedInstances.with { served in
            try await served.login("standard", preset: "step-up")
            let request = try await served.run(["request", "--json", "--instance", "standard", served.resource("/api/nothing-here")])
            #expect(request.status == 1, "\(request.stderr)")
            let outcome = Self.outcome(try ServedInstances.object(request))
            #expect(outcome["result"] as? String == "answered" && outcome["status"] as? Int == 404)
        }
    }
}
