import ArgumentParser
import JourneyEngine

/// Where AM is: `--url`, `--realm`, `--cookie-name`, `--timeout`, `--locale`.
struct ServerOptions: ParsableArguments {
    @Option(help: ArgumentHelp("AM's deployment URL, up to its context path.", valueName: "url"))
    var url: String

    @Option(help: ArgumentHelp("Realm: alpha, /alpha, root/alpha or /parent/child.", valueName: "realm"))
    var realm: String = "root"

    @Option(help: ArgumentHelp("Name of AM's SSO cookie (AIC tenants use a random one).", valueName: "name"))
    var cookieName: String = ServerConfiguration.defaultCookieName

    @Option(help: ArgumentHelp("Seconds to wait for each response.", valueName: "seconds"))
    var timeout: Double = 30

    @Option(help: ArgumentHelp("Language for AM's prompts, sent as locale and Accept-Language (e.g. fr).", valueName: "tag"))
    var locale: String?

    func configuration() throws -> ServerConfiguration {
        try Self.configuration(url: url, realm: realm, cookieName: cookieName, timeout: timeout, locale: locale)
    }

    /// A server configuration from option values, bad values reported as usage errors.
    static func configuration(url: String, realm: String, cookieName: String, timeout: Double,
                              locale: String?) throws -> ServerConfiguration {
        guard timeout > 0, timeout <= 3600 else {
            throw ValidationError("--timeout must be between 0 and 3600 seconds, not \(timeout).")
        }
        do {
            return try ServerConfiguration(
                url: url, realm: try Realm(realm), cookieName: cookieName,
                timeout: .milliseconds(Int64(timeout * 1000)), locale: locale)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
