import DemoAM
import Foundation
import Logging
import Synchronization
import Testing

@Suite("MagicLink journey")
struct MagicLinkTests {
    /// Suspends the journey for `username` and returns the "email sent" step.
    private func suspend(_ client: AMClient, _ username: String = "demo", query: String = "") async throws -> Reply {
        let page = try await client.start("MagicLink", query: query)
        #expect(page.json["stage"] == "MagicLinkUsername")
        #expect(page.types == ["NameCallback"])
        return try await client.submit(page, ["IDToken1": .string(username)])
    }

    /// The `suspendedId` of a resume link.
    private func suspendedId(_ email: DemoEmail) throws -> String {
        try #require(URLComponents(string: email.resumeURL)?.queryItems?.first { $0.name == "suspendedId" }?.value)
    }

    @Test("the journey suspends with a SuspendedTextOutputCallback and emails a link that signs the user in once")
    func suspendAndResume() async throws {
        let log = LogRecorder()
        try await withDemoAM(logger: Logger(label: "test") { _ in log }) { server, client in
            let sent = try await suspend(client)
            #expect(sent.status == 200)
            #expect(sent.json.keys == ["authId", "callbacks"])
            #expect(sent.types == ["SuspendedTextOutputCallback"])
            #expect(sent.callbacks[0].keys == ["type", "output", "_id"])
            #expect(
                sent.callbacks[0].outputs == [
                    "message": "An email has been sent to the address you entered. Click the link in that email to proceed.",
                    "messageType": "0",
                ]
            )

            let again = try await client.submit(sent)
            #expect(again.types == ["SuspendedTextOutputCallback"])

            let emails = await server.outbox()
            #expect(emails.count == 1)
            let email = try #require(emails.first)
            #expect(email.to == "demo@example.com")
            #expect(email.resumeURL.hasPrefix("\(server.baseURL)/XUI/?realm=/&authIndexType=service&authIndexValue=MagicLink&suspendedId="))
            #expect(log.messages.contains("email to demo@example.com: \(email.resumeURL)"))

            let listed = try await client.get("/demo/outbox")
            #expect(listed.json == [["to": "demo@example.com", "subject": .string(email.subject), "resumeURL": .string(email.resumeURL)]])

            let id = try suspendedId(email)
            let resumed = try await client.authenticate(query: "suspendedId=\(id)")
            #expect(resumed.json["tokenId"]?.string != nil)
            #expect(resumed.json["realm"] == "/")

            let reused = try await client.authenticate(query: "suspendedId=\(id)")
            #expect(reused.status == 401)
            #expect(
                reused.text
                    == #"{"code":401,"reason":"Unauthorized","message":"org.forgerock.openam.auth.nodes.framework.token.SuspendedAuthSessionException: Token not found. It may have expired."}"#
            )
        }
    }

    @Test("an unknown user fails; an expired link is refused")
    func failures() async throws {
        try await withDemoAM(DemoAMConfiguration(port: 0, suspendedLinkLifetime: .milliseconds(100))) { server, client in
            let unknown = try await suspend(client, "nobody")
            #expect(unknown.status == 401)
            #expect(unknown.json["message"] == "Login failure")

            _ = try await suspend(client, "alice", query: "noSession=true")
            let email = try #require(await server.outbox().first)
            #expect(email.to == "alice@example.com")
            try await Task.sleep(for: .milliseconds(200))
            let expired = try await client.authenticate(query: "suspendedId=\(try suspendedId(email))")
            #expect(expired.status == 401)
            #expect(expired.json["message"]?.string?.contains("SuspendedAuthSessionException") == true)
        }
    }

    @Test("a link resumes in the realm it was sent from, without a session when noSession was asked")
    func alphaNoSession() async throws {
        try await withDemoAM { server, client in
            let page = try await client.start("MagicLink", realmPath: "/json/realms/root/realms/alpha", query: "noSession=true")
            _ = try await client.submit(page, ["IDToken1": "alice"], realmPath: "/json/realms/root/realms/alpha")
            let email = try #require(await server.outbox().first)
            #expect(email.resumeURL.contains("realm=/alpha"))
            let id = try suspendedId(email)
            let wrongRealm = try await client.authenticate(query: "suspendedId=\(id)")
            #expect(wrongRealm.status == 401)
            let resumed = try await client.authenticate(realmPath: "/json/realms/alpha", query: "suspendedId=\(id)")
            #expect(resumed.text == #"{"successUrl":"/am/console","realm":"/alpha"}"#)
        }
    }
}

/// A log handler that keeps the messages it is given.
final class LogRecorder: LogHandler, Sendable {
    private let recorded = Mutex<[String]>([])

    var messages: [String] { recorded.withLock { $0 } }

    var metadata: Logger.Metadata {
        get { [:] }
        set {}
    }

    var logLevel: Logger.Level {
        get { .trace }
        set {}
    }

    subscript(metadataKey _: String) -> Logger.Metadata.Value? {
        get { nil }
        set {}
    }

    func log(event: LogEvent) {
        recorded.withLock { $0.append("\(event.message)") }
    }
}
