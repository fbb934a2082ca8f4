import DaVinci
import Foundation
import JourneyEngine
import JourneyProfiles
import Orchestrate
import Testing
@testable import journey

/// The engine's messages name no flag; the command line adds its own, where the message says
/// what to do.
struct CommandHintTests {
    @Test func aTimeoutNamesTheFlagWhereverTheErrorIsWrapped() {
        let timedOut = TransportError.timedOut(url: "http://127.0.0.1:9/am", after: .milliseconds(300))
        #expect(!timedOut.description.contains("--"))
        let expected = "No answer from http://127.0.0.1:9/am within 300 ms. The server may be down or slow, or the timeout too short (--timeout)."
        #expect(CommandHint.message(for: timedOut) == expected)
        #expect(CommandHint.message(for: JourneyError.transport(timedOut)) == expected)
        #expect(CommandHint.message(for: OAuthError.transport(timedOut)) == expected)
        #expect(CommandHint.message(for: DaVinciError.transport(timedOut)) == expected)
    }

    @Test func certificatesPointToConfigPins() {
        let untrusted = TransportError.certificateNotTrusted(server: "https://am.example.com", reason: "self-signed")
        #expect(!untrusted.description.contains("journey "))
        #expect(CommandHint.message(for: untrusted).hasSuffix(
            "set caBundle to its PEM file. `journey config pins https://am.example.com --insecure` shows the chain it presents."))
        let mismatch = TransportError.pinMismatch(server: "https://am.example.com", seen: [], expected: ["pin"])
        #expect(CommandHint.message(for: mismatch).hasSuffix(
            "  pin\nIf the server's key changed on purpose, `journey config pins https://am.example.com` prints the new pins."))
    }

    @Test func oauthAndStoreProblemsNameTheirFlags() {
        #expect(CommandHint.message(for: OAuthError.noSession) == "There is no SSO session to get tokens for; sign in first (journey login).")
        #expect(CommandHint.message(for: OAuthError.server(error: "invalid_client", description: nil)).hasSuffix("Check the OAuth client id (--client-id)."))
        #expect(CommandHint.message(for: OAuthError.server(error: "invalid_scope", description: nil))
            .hasSuffix("Check the scope against the client's allowed scopes (--scope)."))
        // A DaVinci instance's client comes from its profile: there is no flag to name.
        let davinci = DaVinciError.oauth(.server(error: "invalid_client", description: nil))
        #expect(CommandHint.message(for: davinci) == davinci.description)
        #expect(CommandHint.message(for: StoreError.otherKind(store: "s", holds: .davinci, wanted: .journey))
            .hasSuffix("Give this instance its own store (--session-store, --token-store or --cookie-store)."))
        #expect(CommandHint.message(for: BrowserReturnError.resumeLink).hasSuffix("resume with it instead (--resume)."))
    }

    @Test func aBadPinPointsToConfigPinsOnceForAllProblems() throws {
        let problem = OptionProblem(.sslPinningPublicKeyHashes, value: "abc", reason: "a pin is the base64 of a 32-byte SHA-256")
        let errors = OptionErrors([SourcedProblem(problem: problem, source: .flag("--pin")), SourcedProblem(problem: problem, source: .flag("--pin"))])
        let lines = CommandHint.message(for: errors).split(separator: "\n")
        #expect(lines.count == 3 && lines.last == "journey config pins URL prints a server's pins.")
        let other = OptionErrors([SourcedProblem(message: "something else")])
        #expect(CommandHint.message(for: other) == "something else")
    }
}
