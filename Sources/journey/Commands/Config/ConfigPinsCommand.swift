import ArgumentParser
import Foundation
import JourneyEngine
import Orchestrate

/// `journey config pins URL`: a server's certificate chain with each certificate's SPKI pin,
/// ready to paste into `sslPinningPublicKeyHashes`.
struct ConfigPinsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pins",
        abstract: "Print a server's certificate chain with each certificate's SPKI pin (sslPinningPublicKeyHashes).",
        discussion: """
        The chain is verified as a pinned connection verifies it (the system's trust roots plus \
        --ca-bundle, and the host name), and printed leaf first. Pinning any one of them is \
        enough; pinning an issuer's key keeps working when the server's own certificate is renewed. \
        With --insecure nothing is verified and the chain is shown as the server sent it: check \
        those pins another way before trusting them.

        Examples:
          journey config pins https://am.example.com/am
          journey config pins am.example.com:8443 --ca-bundle corporate-ca.pem
          journey config pins https://127.0.0.1:8443/am --insecure --json
        """
    )

    @Argument(help: ArgumentHelp("The server: an https URL, or host[:port].", valueName: "url"))
    var url: String

    @Option(name: .customLong("ca-bundle"), help: ArgumentHelp("A PEM file of trust roots added to the system's.", valueName: "file"))
    var caBundle: String?

    @Flag(help: "Do not verify the chain (to see a self-signed certificate's pin).")
    var insecure = false

    @Option(help: ArgumentHelp("Seconds to wait for the server.", valueName: "seconds"))
    var timeout: Int = 30

    @Flag(help: "Print one JSON object on stdout.")
    var json = false

    func validate() throws {
        guard timeout > 0 else { throw ValidationError("--timeout must be at least 1 second.") }
        _ = try Self.serverURL(url)
    }

    func run() async throws {
        let server = try Self.serverURL(url)
        let console = Console()
        Console.noteTLS(insecure: insecure, server: server.absoluteString)
        let chain: [ServerCertificate]
        do {
            chain = try await ServerChain.fetch(server, caBundlePath: caBundle, insecure: insecure, timeout: .seconds(timeout))
        } catch let error as ConfigurationError {
            console.say("journey: \(error)")
            throw ExitStatus.usage.code
        } catch {
            console.say("journey: \(error)")
            throw ExitStatus.serverOrNetwork.code
        }
        if json {
            // Machine output, never marked: "verified": false says the chain was not checked.
            Console.json(text: PinsReport.json(chain, server: server, verified: !insecure))
        } else {
            console.result(TerminalString(PinsReport.text(chain, server: server, verified: !insecure)))
        }
    }

    /// `https://…` as given, or `https://` put before a bare `host[:port]`; plain `http` is refused.
    static func serverURL(_ text: String) throws -> URL {
        let withScheme = text.contains("://") ? text : "https://" + text
        guard let url = URL(string: withScheme), url.host() != nil else {
            throw ValidationError("\(TerminalText.line(text)) is not a URL or host[:port].")
        }
        guard url.scheme?.lowercased() == "https" else {
            throw ValidationError("\(TerminalText.line(text)) is not https: a plain HTTP server has no certificate to pin.")
        }
        return url
    }
}
