import Foundation
import JourneyEngine
import Orchestrate

/// Where discovery starts, read from what a person has at hand: AM's deployment URL
/// (`https://am.example.com/am`), a realm's issuer (`…/am/oauth2/realms/root/realms/alpha`)
/// or its discovery document (`…/.well-known/openid-configuration`).
public struct DiscoveryTarget: Sendable, Hashable {
    /// The deployment and the realm.
    public let server: ServerConfiguration
    /// The realm's discovery document.
    public let discoveryURL: URL

    /// AM's deployment URL, up to its context path: the profile's `url`.
    public var deploymentURL: String { server.baseURL.absoluteString }

    /// The realm as an option value: `root`, `alpha`, `parent/child`.
    public var realm: String { server.realm.optionText }

    /// Reads the target; `realm` picks the realm of a deployment URL.
    ///
    /// - Throws: ``DiscoveryError/invalidTarget(_:reason:)`` when the text is not an http(s)
    ///   URL, names an impossible realm, or names a realm and `realm` names another.
    public init(_ text: String, realm: String? = nil) throws(DiscoveryError) {
        guard var components = URLComponents(string: text.trimmingSpaces()),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              components.host?.isEmpty == false else {
            throw .invalidTarget(text, reason: "expected an http(s) URL")
        }
        components.query = nil
        components.fragment = nil
        let givenURL = components.url
        var segments = components.path.split(separator: "/").map(String.init)
        let wellKnown = [".well-known", "openid-configuration"]
        let givenDocument = segments.suffix(2).elementsEqual(wellKnown)
        if givenDocument { segments.removeLast(2) }
        let realmSegments: [String]?
        if let oauth2 = segments.lastIndex(of: "oauth2") {
            realmSegments = Array(segments[(oauth2 + 1)...])
            segments = Array(segments[..<oauth2])
        } else {
            realmSegments = nil
        }
        let parsedRealm: Realm
        do throws(ConfigurationError) {
            parsedRealm = try Realm(realmSegments?.joined(separator: "/") ?? realm ?? "root")
        } catch {
            throw .invalidTarget(text, reason: error.reason)
        }
        if realmSegments != nil, let realm, (try? Realm(realm)) != parsedRealm {
            throw .invalidTarget(text, reason: "it names the realm \(parsedRealm), not \(realm)")
        }
        components.path = segments.isEmpty ? "" : "/" + segments.joined(separator: "/")
        do throws(ConfigurationError) {
            server = try ServerConfiguration(url: components.string ?? text, realm: parsedRealm)
        } catch {
            throw .invalidTarget(text, reason: error.reason)
        }
        let standard = OAuthEndpoints.discoveryURL(for: server)
        discoveryURL = givenDocument ? givenURL ?? standard : standard
    }
}

/// Why discovery could not start.
public enum DiscoveryError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalidTarget(String, reason: String)

    public var description: String {
        switch self {
        case .invalidTarget(let text, let reason):
            "\"\(TerminalText.line(text))\" cannot be discovered: \(reason). Give AM's URL (https://am.example.com/am), a realm's issuer (…/oauth2/realms/root/realms/alpha) or its …/.well-known/openid-configuration."
        }
    }
}
