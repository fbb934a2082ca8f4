import ArgumentParser
import JourneyEngine
import JourneyProfiles
import Orchestrate

/// Which client instance: `--instance NAME` (default "default"). Its stores live under
/// `$XDG_STATE_HOME/journeyterm/`.
struct InstanceOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The client instance whose stores hold the session and tokens.", valueName: "name"))
    var instance: String = "default"
}

/// At sign-in: whether the instance keeps its session or tokens apart from the shared stores
/// (the same as `--session-store session-NAME` / `--token-store tokens-NAME`).
struct IsolationOptions: ParsableArguments {
    @Flag(help: "Keep this instance's SSO session in its own store instead of the shared \"session\" store.")
    var ownSessionStore = false

    @Flag(help: "Keep this instance's tokens in its own store instead of the shared \"tokens\" store.")
    var ownTokenStore = false

    func flags(for instance: InstanceOptions) -> [OptionKey: OptionLayers.FlagValue] {
        var flags: [OptionKey: OptionLayers.FlagValue] = [:]
        if ownSessionStore { flags[.sessionStore] = .init(.text("session-\(instance.instance)"), source: .flag("--own-session-store")) }
        if ownTokenStore { flags[.tokenStore] = .init(.text("tokens-\(instance.instance)"), source: .flag("--own-token-store")) }
        return flags
    }
}

/// How tokens are fetched after the journey: `--strict`, `--discover`.
struct TokenFetchOptions: ParsableArguments {
    @Flag(help: "Keep only tokens whose ID token verified: one that cannot be checked (keys unreachable, not a JWT) also refuses them (exit 3). A wrong nonce, signature, issuer or audience always does.")
    var strict = false

    @Flag(help: "Read the OAuth endpoints from the realm's .well-known/openid-configuration instead of AM's standard paths.")
    var discover = false
}

/// `--trace`, kept as a short form of `--log-level trace`; `--trace-secrets` traces without
/// redacting.
struct TraceOption: ParsableArguments {
    @Flag(help: "Trace every request and response on stderr, with secrets redacted (--log-level trace).")
    var trace = false

    @Flag(help: "Trace (and save --har) with passwords, codes, cookies and tokens as they went, not redacted: only for a server of your own.")
    var traceSecrets = false

    var flags: [OptionKey: OptionLayers.FlagValue] {
        guard trace || traceSecrets else { return [:] }
        return [.logLevel: .init(.text("trace"), source: .flag(traceSecrets ? "--trace-secrets" : "--trace"))]
    }
}
