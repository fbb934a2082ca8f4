import DemoAM
import Testing

@Suite("PushApproval journey")
struct PushApprovalTests {
    private let configuration = DemoAMConfiguration(port: 0, pushApprovalDelay: .milliseconds(1500))

    @Test("the start page asks for a user and says the demo approves the push by itself")
    func startPage() async throws {
        try await withDemoAM(configuration) { _, client in
            let page = try await client.start("PushApproval")
            #expect(page.json["stage"] == "PushStart")
            #expect(page.types == ["NameCallback"])
            #expect(page.json["description"]?.string?.contains("after 1.5 seconds") == true)
        }
    }

    @Test("Push Wait and Push Result Verifier go round until the demo approves the push, never early")
    func approval() async throws {
        try await withDemoAM(configuration) { _, client in
            let start = try await client.start("PushApproval")
            let sent = ContinuousClock.now
            var page = try await client.submit(start, ["IDToken1": "alice"])
            #expect(page.json["stage"] == "PushWait")
            #expect(page.types == ["PollingWaitCallback", "HiddenValueCallback", "ConfirmationCallback"])
            #expect(page.callbacks.map(\.inputNames) == [[], ["IDToken2"], ["IDToken3"]])
            let number = try #require(page.callbacks[1].outputs["value"]?.string)
            #expect(number.count == 2 && Int(number) != nil)
            // As AM's Push Wait node words it, with the number the sender made.
            #expect(page.callbacks[0].outputs == ["waitTime": "1000", "message": .string("Tap the number [\(number)] on the Push Notification to continue.")])
            #expect(page.callbacks[1].outputs["id"] == "pushChallengeNumber")
            #expect(page.callbacks[2].outputs["options"] == ["Cancel"])
            #expect(page.callbacks[2].input("IDToken3") == 100)

            // Wall-clock bounds only: a loaded machine may poll once or many times.
            while page.json["authId"] != nil {
                #expect(page.json["stage"] == "PushWait")
                #expect(page.callbacks[1].outputs["value"] == .string(number))
                try #require(ContinuousClock.now - sent < .seconds(60))
                try await Task.sleep(for: .milliseconds(1000))
                page = try await client.submit(page)
            }
            #expect(ContinuousClock.now - sent >= .milliseconds(1500))
            let token = try #require(page.json["tokenId"]?.string)
            let session = try await client.sessionInfo(token)
            #expect(session.json["properties"]?["AuthLevel"] == "5")
        }
    }

    @Test("cancelling, or an unknown user, fails the journey")
    func failures() async throws {
        try await withDemoAM(configuration) { _, client in
            let unknown = try await client.submit(try await client.start("PushApproval"), ["IDToken1": "nobody"])
            #expect(unknown.status == 401)
            let waiting = try await client.submit(try await client.start("PushApproval"), ["IDToken1": "alice"])
            let cancelled = try await client.submit(waiting, ["IDToken3": 0])
            #expect(cancelled.status == 401)
            #expect(cancelled.json["message"] == "Login failure")
        }
    }
}
