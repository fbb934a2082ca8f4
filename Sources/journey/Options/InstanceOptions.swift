import ArgumentParser
import JourneyEngine

/// Which client instance: `--instance NAME` (default "default"). Its stores live under
/// `$XDG_STATE_HOME/journeyterm/`.
struct InstanceOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The client instance whose stores hold the session and tokens.", valueName: "name"))
    var instance: String = "default"

    /// Opens the instance with the store sharing its profile recorded (shared by default).
    func open() throws -> ClientInstance {
        do {
            let backend = try FileRecordStore()
            let probe = try ClientInstance(name: instance, backend: backend)
            guard let profile = try probe.profile() else { return probe }
            return try ClientInstance(name: instance, backend: backend, sharedSession: !profile.ownSessionStore,
                                      sharedTokens: !profile.ownTokenStore)
        } catch {
            throw ValidationError(error.description)
        }
    }
}

/// At sign-in: whether the instance keeps its session or tokens apart from the shared stores.
struct IsolationOptions: ParsableArguments {
    @Flag(help: "Keep this instance's SSO session in its own store instead of the shared \"session\" store.")
    var ownSessionStore = false

    @Flag(help: "Keep this instance's tokens in its own store instead of the shared \"tokens\" store.")
    var ownTokenStore = false

    func open(_ instance: InstanceOptions) throws -> ClientInstance {
        do {
            return try ClientInstance(name: instance.instance, backend: try FileRecordStore(),
                                      sharedSession: !ownSessionStore, sharedTokens: !ownTokenStore)
        } catch {
            throw ValidationError(error.description)
        }
    }
}

/// The OAuth client to use after the journey: `--client-id`, `--redirect-uri`, `--scope`.
struct OAuthOptions: ParsableArguments {
    @Option(help: ArgumentHelp("OAuth 2.0 client id; with --redirect-uri and --scope, tokens are fetched after the journey.", valueName: "id"))
    var clientId: String?

    @Option(help: ArgumentHelp("The client's registered redirect URI (never opened; the code is read from AM's redirect).", valueName: "uri"))
    var redirectURI: String?

    @Option(help: ArgumentHelp("Scopes, space-separated, e.g. \"openid profile email\".", valueName: "scopes"))
    var scope: String?

    @Flag(help: "Treat an ID token that is not a JWT or fails verification as an error (exit 3).")
    var strict = false

    @Flag(help: "Read the OAuth endpoints from the realm's .well-known/openid-configuration instead of AM's standard paths.")
    var discover = false

    /// nil when OAuth was not asked for; an error when only some of the three options are given.
    func configuration() throws -> OAuthConfiguration? {
        let given = [clientId, redirectURI, scope].compactMap { $0 }
        guard !given.isEmpty else { return nil }
        guard let clientId, let redirectURI, let scope else {
            throw ValidationError("OAuth needs all three of --client-id, --redirect-uri and --scope.")
        }
        do {
            return try OAuthConfiguration(clientId: clientId, redirectURI: redirectURI,
                                          scopes: scope.split(separator: " ").map(String.init))
        } catch {
            throw ValidationError(error.description)
        }
    }
}
