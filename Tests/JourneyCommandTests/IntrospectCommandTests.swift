import Foundation
import Testing

/// `journey introspect` against `journey serve`: AM's RFC 7662 view of the instance's token,
/// asked as the demo's resource server client.
@Suite(.serialized)
struct IntrospectCommandTests {
    private static let demoAPI = ["--client-id", "demo-api", "--client-secret", "demo-api-secret"]

    @Test func withoutCredentialsItSaysWhatIsNeeded() async throws {
        try await ServedInstances.with { served in
            try await served.login("standard", preset: "step-up")
            let bare = try await served.run(["introspect", "--instance", "standard"])
            #expect(bare.status == 64)
            #expect(bare.stderr.contains("--client-id") && bare.stderr.contains("--client-secret") && bare.stderr.contains("demo-api"))
        }
    }

    @Test func itShowsTheTokensSubjectScopeExpiryAndAuthentication() async throws {
        try await ServedInstances.with { served in
            try await served.login("standard", preset: "step-up")
            let shown = try await served.run(["introspect", "--instance", "standard"] + Self.demoAPI)
            #expect(shown.status == 0, "\(shown.stderr)")
            let lines = shown.stdout.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) } }
            let fields = Dictionary(lines.compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil }, uniquingKeysWith: { first, _ in first })
            #expect(fields["active"] == "true" && fields["sub"] == "demo" && fields["client_id"] == "journeyterm")
            #expect(fields["scope"] == "openid profile")
            #expect(fields["exp"]?.hasPrefix("expires in ") == true)
            #expect(fields["auth_level"] == "0" && fields["acr"] == "Login" && fields["amr"] == "pwd")
            #expect(fields["auth_time"] != nil)
            #expect(!shown.stdout.contains("demo-api-secret") && !shown.stderr.contains("demo-api-secret"))

            let json = try ServedInstances.object(try await served.run(["introspect", "--instance", "standard", "--json"] + Self.demoAPI))
            #expect(json["active"] as? Bool == true && json["sub"] as? String == "demo")
        }
    }

    @Test func aWrongSecretIsRefusedWithoutShowingIt() async throws {
        try await ServedInstances.with { served in
            try await served.login("standard", preset: "step-up")
            let refused = try await served.run(["introspect", "--instance", "standard", "--client-id", "demo-api", "--client-secret", "not-the-secret",
                                                "--trace"])
            #expect(refused.status == 3, "\(refused.stderr)")
            #expect(refused.stderr.contains("The server does not know this OAuth client"))
            #expect(!refused.stderr.contains("not-the-secret"), "the secret is neither traced nor printed")
        }
    }
}
