import ArgumentParser
import Foundation
import JourneyEngine
import JourneyProfiles
import Orchestrate

/// `journey introspect`: what AM says about the instance's access token (RFC 7662), asked as a
/// confidential client (a resource server's), since AM introspects only for those.
struct IntrospectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "introspect",
        abstract: "Show AM's introspection of the instance's access token (RFC 7662): active, subject, scope, expiry, authentication.",
        discussion: """
        AM answers introspection only for a confidential OAuth client, such as the resource \
        server's: give its --client-id and --client-secret (the demo AM's is demo-api with the \
        secret demo-api-secret). The token asked about is the one the instance would present \
        now (renewed first when due). The request goes to the realm's introspect endpoint, beside \
        the instance's token endpoint; the secret is sent as HTTP Basic and never printed.

        Exit codes: 0 AM says the token is active; 1 it is not (expired, revoked, unknown); \
        3 server or network error; 64 bad usage or no credentials given.

        Examples:
          JOURNEY_CLIENT_SECRET=demo-api-secret journey introspect --client-id demo-api
          journey introspect --instance transactions --json \\
              --client-id demo-api --client-secret demo-api-secret
        """
    )

    @OptionGroup(title: "Storage") var instance: InstanceOptions
    @OptionGroup var trace: TraceOption
    @Option(name: .customLong("client-id"), help: ArgumentHelp("The confidential client that introspects (not the instance's own).", valueName: "id"))
    var clientId: String?
    @Option(name: .customLong("client-secret"), help: ArgumentHelp(
        "That client's secret; JOURNEY_CLIENT_SECRET keeps it out of the process list and the shell history.", valueName: "secret"))
    var clientSecret: String?
    @Flag(help: "Print AM's introspection as one JSON document on stdout.") var json = false

    func validate() throws {
        _ = try credentials()
    }

    /// The introspecting client's credentials, or what is missing.
    private func credentials() throws -> ClientCredentials {
        let secret = clientSecret ?? ProcessInfo.processInfo.environment[EnvironmentOptions.clientSecretVariable]
        guard let clientId, let clientSecret = secret else {
            throw ValidationError(
                "AM introspects tokens only for a confidential OAuth client: give its --client-id and its secret in "
                    + "JOURNEY_CLIENT_SECRET or --client-secret (the demo AM's is demo-api / demo-api-secret).")
        }
        do {
            return try ClientCredentials(clientId: clientId, secret: clientSecret)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() async throws {
        let introspector = try credentials()
        let printsJSON = json
        let status = await InstanceCommand.run(try ConfigurationOptions.parse([]), instance, trace, use: "introspect") { session, console in
            let (client, stored) = try session.storedTokens()
            let (tokens, _) = try await InstanceCommand.renew(stored?.tokens, with: client, session: session)
            let introspection = try await client.introspect(tokens.accessToken, as: introspector)
            if printsJSON {
                console.json(introspection.members.objectValue ?? [:])
            } else {
                Self.lines(introspection).forEach { console.result(TerminalString($0)) }
            }
            return introspection.active ? .signedIn : .authenticationFailed
        }
        throw status.code
    }

    /// `name  value` lines in a fixed order; server text made terminal-safe.
    static func lines(_ introspection: TokenIntrospection, now: Date = Date()) -> [String] {
        guard introspection.active else {
            return ["active      false (AM does not accept the token: it is expired, revoked or unknown)"]
        }
        var fields: [(String, String)] = [("active", "true")]
        if let subject = introspection.subject { fields.append(("sub", TerminalText.line(subject))) }
        if let clientId = introspection.clientId { fields.append(("client_id", TerminalText.line(clientId))) }
        let strength = introspection.strength
        if let scope = strength.scope { fields.append(("scope", TerminalText.line(scope))) }
        if let expiresAt = introspection.expiresAt { fields.append(("exp", ReadableDuration.until(expiresAt, from: now))) }
        if let clock = introspection.serverClock { fields.append(("clock", clock.description + ": exp is shown on this machine's clock")) }
        fields += strength.fields.filter { $0.name != "scope" }.map { ($0.name, $0.value) }
        return fields.map { "\($0.0.padding(toLength: 11, withPad: " ", startingAt: 0)) \($0.1)" }
    }
}
