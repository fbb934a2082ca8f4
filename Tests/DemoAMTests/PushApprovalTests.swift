import DemoAM
import Testing

@Suite("PushApproval journey")
struct PushApprovalTests {
    private let configuration = DemoAMConfiguration(port: 0, pushApprovalDelay: .milliseconds(1500), pollWaitTime: .milliseconds(100))

    @Test("the start page asks for a user and offers to send the push")
    func startPage() async throws {
        try await withDemoAM(configuration) { _, client in
            let page = try await client.start("PushApproval")
            #expect(page.json["stage"] == "PushStart")
            #expect(page.types == ["NameCallback", "TextOutputCallback", "ConfirmationCallback"])
            #expect(page.callbacks.map(\.inputNames) == [["IDToken1"], [], ["IDToken3"]])
            #expect(page.callbacks[1].outputs["messageType"] == "0")
            #expect(page.callbacks[1].outputs["message"]?.string?.contains("1.5 seconds") == true)
            let confirmation = page.callbacks[2].outputs
            #expect(confirmation["prompt"] == "")
            #expect(confirmation["messageType"] == 0)
            #expect(confirmation["options"] == ["Send notification", "Cancel"])
            #expect(confirmation["optionType"] == -1)
            #expect(confirmation["defaultOption"] == 0)
            #expect(page.callbacks[2].input("IDToken3") == 0)
        }
    }

    @Test("polling keeps waiting until the demo approves the push, and never approves early")
    func approval() async throws {
        try await withDemoAM(configuration) { _, client in
            let start = try await client.start("PushApproval")
            let sent = ContinuousClock.now
            var page = try await client.submit(start, ["IDToken1": "alice"])
            #expect(page.json["stage"] == "PushWait")
            #expect(page.types == ["PollingWaitCallback", "HiddenValueCallback", "TextOutputCallback", "ConfirmationCallback"])
            #expect(page.callbacks.map(\.inputNames) == [[], ["IDToken2"], [], ["IDToken4"]])
            #expect(page.callbacks[0].outputs == ["waitTime": "100", "message": "Waiting for response..."])
            let number = try #require(page.callbacks[1].outputs["value"]?.string)
            #expect(number.count == 2 && Int(number) != nil)
            #expect(page.callbacks[1].outputs["id"] == "pushChallengeNumber")
            #expect(page.callbacks[1].input("IDToken2") == "pushChallengeNumber")
            #expect(page.callbacks[2].outputs["message"] == .string("Tap the number \(number) on the push notification to continue."))
            #expect(page.callbacks[3].outputs["options"] == ["Cancel"])
            #expect(page.callbacks[3].input("IDToken4") == 100)

            // Wall-clock bounds only: a loaded machine may poll once or fifty times.
            while page.json["authId"] != nil {
                #expect(page.json["stage"] == "PushWait")
                #expect(page.callbacks[1].outputs["value"] == .string(number))
                try #require(ContinuousClock.now - sent < .seconds(60))
                try await Task.sleep(for: .milliseconds(100))
                page = try await client.submit(page)
            }
            #expect(ContinuousClock.now - sent >= .milliseconds(1500))
            #expect(page.json["tokenId"]?.string != nil)
        }
    }

    @Test("cancelling, or an unknown user, fails the journey")
    func failures() async throws {
        try await withDemoAM(configuration) { _, client in
            let cancelledAtStart = try await client.submit(try await client.start("PushApproval"), ["IDToken1": "alice", "IDToken3": 1])
            #expect(cancelledAtStart.status == 401)
            let unknown = try await client.submit(try await client.start("PushApproval"), ["IDToken1": "nobody"])
            #expect(unknown.status == 401)
            let waiting = try await client.submit(try await client.start("PushApproval"), ["IDToken1": "alice"])
            let cancelled = try await client.submit(waiting, ["IDToken4": 0])
            #expect(cancelled.status == 401)
            #expect(cancelled.json["message"] == "Login failure")
        }
    }
}
