import DemoAM
import Testing

@Suite("Protocol errors")
struct ProtocolErrorTests {
    @Test("a missing or unsupported Accept-API-Version is a 400", arguments: [nil, "resource=3.1, protocol=1.0"] as [String?])
    func apiVersion(header: String?) async throws {
        try await withDemoAM { _, client in
            let reply = try await client.authenticate(query: "authIndexType=service&authIndexValue=Login", apiVersion: header)
            #expect(reply.status == 400)
            #expect(
                reply.text
                    == #"{"code":400,"reason":"Bad Request","message":"Unsupported API version: send Accept-API-Version: resource=2.1, protocol=1.0"}"#
            )
        }
    }

    @Test("Accept-API-Version is read case-insensitively, in any order", arguments: ["protocol=1.0,resource=2.1", "Resource = 2.0", "RESOURCE=2.1"])
    func apiVersionVariants(header: String) async throws {
        try await withDemoAM { _, client in
            let reply = try await client.authenticate(query: "authIndexType=service&authIndexValue=Login", apiVersion: header)
            #expect(reply.status == 200)
        }
    }

    @Test("an unknown journey is a 400 naming it")
    func unknownJourney() async throws {
        try await withDemoAM { _, client in
            let reply = try await client.start("Nope")
            #expect(reply.status == 400)
            #expect(reply.json["message"]?.string?.hasPrefix("No configuration found for journey Nope") == true)
        }
    }

    @Test("a body that is not JSON is a 400")
    func notJSON() async throws {
        try await withDemoAM { _, client in
            let reply = try await client.authenticate(query: "authIndexType=service&authIndexValue=Login", rawBody: "authId=x")
            #expect(reply.status == 400)
            #expect(reply.json["message"] == "The request body is not valid JSON")
        }
    }

    @Test("an empty object starts the journey like an empty body")
    func emptyObject() async throws {
        try await withDemoAM { _, client in
            let reply = try await client.authenticate(query: "authIndexType=service&authIndexValue=Login", rawBody: "{}")
            #expect(reply.json["stage"] == "UsernamePassword")
        }
    }

    @Test("an input of the wrong JSON type is a 400 naming the input")
    func wrongType() async throws {
        try await withDemoAM { _, client in
            let step = try await client.start("Login")
            let reply = try await client.submit(step, ["IDToken1": 42, "IDToken2": "Demo-pass1"])
            #expect(reply.status == 400)
            #expect(reply.json["message"] == "Input IDToken1 of NameCallback must be a string, not an integer")
            let retry = try await client.submit(step, ["IDToken1": "demo", "IDToken2": "Demo-pass1"])
            #expect(retry.json["tokenId"] != nil)
        }
    }

    @Test("a missing input is a 400")
    func missingInput() async throws {
        try await withDemoAM { _, client in
            var step = try await client.start("Login").json
            guard case .object(var members) = step, case .object(var password) = step["callbacks"]?[1] else {
                Issue.record("unexpected step")
                return
            }
            password["input"] = []
            members["callbacks"] = [step["callbacks"]?[0] ?? .null, .object(password)]
            step = .object(members)
            let reply = try await client.authenticate(body: step)
            #expect(reply.status == 400)
            #expect(reply.json["message"] == "Input IDToken2 of PasswordCallback is missing")
        }
    }

    @Test("callbacks that do not match the step are a 400")
    func mismatchedCallbacks() async throws {
        try await withDemoAM { _, client in
            let step = try await client.start("Login")
            let authId = try #require(step.json["authId"])
            let onlyOne = try await client.authenticate(body: ["authId": authId, "callbacks": [step.callbacks[0]]])
            #expect(onlyOne.status == 400)
            #expect(onlyOne.json["message"] == "This step has 2 callbacks (NameCallback, PasswordCallback), but the request sent 1")
            let swapped = try await client.authenticate(body: ["authId": authId, "callbacks": [step.callbacks[1], step.callbacks[0]]])
            #expect(swapped.status == 400)
            #expect(swapped.json["message"] == "Callback 1 of this step is a NameCallback, but the request sent a PasswordCallback")
        }
    }

    @Test("a tampered authId is a 401")
    func tamperedAuthId() async throws {
        try await withDemoAM { _, client in
            let step = try await client.start("Login")
            let authId = try #require(step.json["authId"]?.string)
            var parts = authId.split(separator: ".").map(String.init)
            parts[1] = String(parts[1].reversed())
            guard case .object(var members) = filled(step.json, ["IDToken1": "demo", "IDToken2": "Demo-pass1"]) else { return }
            members["authId"] = .string(parts.joined(separator: "."))
            let reply = try await client.authenticate(body: .object(members))
            #expect(reply.status == 401)
            #expect(reply.text == #"{"code":401,"reason":"Unauthorized","message":"Invalid authId"}"#)
        }
    }

    @Test("an authId older than journeyTimeout has timed out (errorCode 110)")
    func expiredAuthId() async throws {
        try await withDemoAM(DemoAMConfiguration(port: 0, journeyTimeout: .milliseconds(200))) { _, client in
            let step = try await client.start("Login")
            try await Task.sleep(for: .milliseconds(300))
            let reply = try await client.submit(step, ["IDToken1": "demo", "IDToken2": "Demo-pass1"])
            #expect(reply.status == 401)
            #expect(reply.text == #"{"code":401,"reason":"Unauthorized","message":"Session has timed out","detail":{"errorCode":"110"}}"#)
        }
    }

    @Test("an authId already answered cannot be replayed")
    func replayedAuthId() async throws {
        try await withDemoAM { _, client in
            let step = try await client.start("Login")
            _ = try await client.submit(step, ["IDToken1": "demo", "IDToken2": "wrong"])
            let replay = try await client.submit(step, ["IDToken1": "demo", "IDToken2": "Demo-pass1"])
            #expect(replay.status == 401)
            #expect(replay.json["detail"]?["errorCode"] == "110")
        }
    }

    @Test("an unknown realm is a 404 naming it")
    func unknownRealm() async throws {
        try await withDemoAM { _, client in
            let reply = try await client.start("Login", realmPath: "/json/realms/root/realms/beta")
            #expect(reply.status == 404)
            #expect(reply.json["code"] == 404)
            #expect(reply.json["reason"] == "Not Found")
            #expect(reply.json["message"]?.string?.hasPrefix("Realm /beta not found") == true)
        }
    }

    @Test("unknown routes are AM-style 404s")
    func unknownRoute() async throws {
        try await withDemoAM { _, client in
            let reply = try await client.get("/json/nothing")
            #expect(reply.status == 404)
            #expect(reply.text == #"{"code":404,"reason":"Not Found","message":"Resource '/am/json/nothing' not found"}"#)
        }
    }
}
