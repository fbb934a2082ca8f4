import Foundation
import Orchestrate

/// Where and how a DaVinci client instance starts its flows: the PingOne environment's
/// discovery document and the OIDC application (the Ping SDKs' `DaVinciConfig` with its
/// `OidcClientConfig`).
public struct DaVinciConfiguration: Sendable, Hashable {
    /// `https://auth.pingone.com/<envId>/as/.well-known/openid-configuration`.
    public let discoveryEndpoint: URL
    public let oauth: OAuthConfiguration
    /// The flow policies to run (`acr_values`), empty for the application's default.
    public var acrValues: [String]
    public var timeout: Duration
    /// Headers and query parameters added to every request to the environment (never to another server).
    public var extraHeaders: [HTTPHeader] = []
    public var extraQueryParameters: [URLQueryItem] = []

    /// - Throws: ``ConfigurationError`` naming the value that cannot be used.
    public init(discoveryEndpoint: String, clientId: String, scopes: [String], redirectURI: String, acrValues: [String] = [],
                timeout: Duration = .seconds(30),
                refreshThresholdSeconds: Int = OAuthConfiguration.defaultRefreshThresholdSeconds) throws(ConfigurationError) {
        try self.init(discoveryEndpoint: try Self.discoveryURL(from: discoveryEndpoint), clientId: clientId, scopes: scopes,
                      redirectURI: redirectURI, acrValues: acrValues, timeout: timeout, refreshThresholdSeconds: refreshThresholdSeconds)
    }

    /// A configuration for a discovery document already read by ``discoveryURL(from:)``.
    public init(discoveryEndpoint: URL, clientId: String, scopes: [String], redirectURI: String, acrValues: [String] = [],
                timeout: Duration = .seconds(30),
                refreshThresholdSeconds: Int = OAuthConfiguration.defaultRefreshThresholdSeconds) throws(ConfigurationError) {
        guard acrValues.allSatisfy({ !$0.isEmpty && !$0.contains(where: \.isWhitespace) }) else {
            throw .invalidValue(name: "acrValues", value: acrValues.joined(separator: " "), reason: "expected flow policy ids without spaces")
        }
        guard timeout > .zero else { throw .invalidValue(name: "timeout", value: "\(timeout)", reason: "it must be more than zero") }
        self.discoveryEndpoint = discoveryEndpoint
        oauth = try OAuthConfiguration(clientId: clientId, redirectURI: redirectURI, scopes: scopes, refreshThresholdSeconds: refreshThresholdSeconds)
        self.acrValues = acrValues
        self.timeout = timeout
    }

    /// The environment's discovery document as written, read: an http or https URL with a host.
    public static func discoveryURL(from text: String) throws(ConfigurationError) -> URL {
        let trimmed = text.trimmingSpaces()
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
              let host = url.host(), !host.isEmpty else {
            throw .invalidValue(name: "discoveryEndpoint", value: text,
                                reason: "expected the environment's discovery document, e.g. https://auth.pingone.com/<envId>/as/.well-known/openid-configuration")
        }
        return url
    }

    /// Scheme, host and port of the environment: the instance's cookies and tokens go only there.
    public var origin: URL {
        var components = URLComponents()
        components.scheme = discoveryEndpoint.scheme
        components.host = discoveryEndpoint.host()
        components.port = discoveryEndpoint.port
        return components.url ?? discoveryEndpoint
    }
}
