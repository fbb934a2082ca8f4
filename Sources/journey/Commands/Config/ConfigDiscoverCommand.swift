import ArgumentParser
import Foundation
import JourneyEngine
import JourneyProfiles
import Orchestrate

/// `journey config discover URL --as NAME`: a profile from what a running AM says about itself.
struct ConfigDiscoverCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "discover",
        abstract: "Write a profile from a running AM: OAuth endpoints, realm and SSO cookie name.",
        discussion: """
        URL is AM's deployment URL (https://am.example.com/am, with --realm for a realm other \
        than root), a realm's issuer (…/am/oauth2/realms/root/realms/alpha) or its \
        …/.well-known/openid-configuration. Three requests are made: the discovery document \
        (authorize, token, userinfo, revoke and end-session endpoints, and the realm from the \
        issuer), GET …/json/realms/…/serverinfo/* (cookieName) and a first POST to \
        …/authenticate, which must answer (a journey step or a 401) for the profile to be \
        written. Each request's URL is shown with what it found or why it failed, and which \
        options to set by hand then. See docs/configuration.md.

        Examples:
          journey config discover https://am.example.com/am --realm alpha --as lab
          journey config discover \\
              https://tenant.example.com/am/oauth2/realms/root/realms/alpha --as tenant
          journey config discover https://127.0.0.1:8443/am --ca-bundle demo.pem \\
              --as local
        """
    )

    @Argument(help: ArgumentHelp("AM's URL, a realm's issuer, or its .well-known/openid-configuration.", valueName: "url"))
    var url: String

    @Option(name: .customLong("as"), help: ArgumentHelp("The profile to write.", valueName: "name"))
    var name: String

    @Option(help: ArgumentHelp("The realm, when URL is the deployment URL (default: root).", valueName: "realm"))
    var realm: String?

    @Option(name: .customLong("ca-bundle"), help: ArgumentHelp("A PEM file of trust roots (also kept in the profile).", valueName: "pem-file"))
    var caBundle: String?

    @Flag(help: "Do not verify TLS certificates (lab servers only; kept in the profile).")
    var insecure = false

    @OptionGroup var trace: TraceOption

    @Option(help: ArgumentHelp("Seconds to wait for each answer.", valueName: "seconds"))
    var timeout: Int = 30

    @Flag(help: "Replace a profile of that name.")
    var replace = false

    func validate() throws {
        try ProfileWriting.check(name: name)
        guard timeout > 0 else { throw ValidationError("--timeout must be at least 1 second.") }
    }

    func run() async throws {
        let target: DiscoveryTarget
        let transport: any HTTPTransport
        do {
            target = try DiscoveryTarget(url, realm: realm)
            transport = try HTTPTransports.make(for: TLSPolicy(caBundlePath: caBundle, insecure: insecure))
        } catch {
            throw ValidationError("\(error)")
        }
        let console = Console()
        Console.noteTLS(insecure: insecure, server: url)
        let (logger, reveals) = (Console.wireLogger(traces: !trace.flags.isEmpty), trace.traceSecrets)
        let report = await ConfigDiscovery(target: target, timeout: .seconds(timeout)) { server in
            JourneyClient(server: server, transport: transport, logger: logger, revealsSecrets: reveals)
        }.run()
        console.result(TerminalString(report.checks.flatMap { describe($0, profileWritten: report.authenticateAnswers) }.joined(separator: "\n")))
        guard report.authenticateAnswers else {
            console.say("No profile was written: AM's authenticate endpoint did not answer (see above).")
            throw ExitStatus.serverOrNetwork.code
        }
        var values = report.values
        if let caBundle { values[.caBundle] = .text(caBundle) }
        if insecure { values[.insecure] = .text("true") }
        let written = try ProfileWriting.write(name, values: values, replace: replace)
        console.result(TerminalString((ProfileWriting.summary(written, values: values) + [ProfileWriting.nextStep(written)]).joined(separator: "\n")))
    }

    /// `✓ step  URL` with what it found, or `✗ step  URL` with why and, when it matters, what
    /// to set instead.
    private func describe(_ check: DiscoveryCheck, profileWritten: Bool) -> [String] {
        let heading = "\(check.failure == nil ? "✓" : "✗") \(check.step.rawValue)  \(TerminalText.line(check.url.absoluteString))"
        guard let failure = check.failure else { return [heading, "    " + TerminalText.line(check.found ?? "")] }
        let options = check.options.map(\.rawValue).joined(separator: ", ")
        let advice: String? = switch check.step {
        case .discovery where profileWritten:
            "The profile keeps AM's default OAuth endpoints for the realm; if they differ, set \(options) yourself: journey profiles edit \(name)"
        case .serverInfo where profileWritten:
            "The profile keeps the default cookie name; set \(options) yourself: journey profiles edit \(name)"
        case .authenticate:
            "Check \(options): the deployment URL and the realm, or the journey endpoint if AM's is elsewhere."
        default: nil
        }
        return [heading, "    " + TerminalText.line(failure)] + (advice.map { ["    " + $0] } ?? [])
    }
}
