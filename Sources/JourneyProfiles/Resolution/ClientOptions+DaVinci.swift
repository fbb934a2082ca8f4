import DaVinci
import Foundation
import JourneyEngine
import Orchestrate

extension ClientOptions {
    /// A DaVinci instance's configuration (`kind: davinci`): its environment's discovery
    /// document, the application, the flow policies, the timeout, when to refresh, and the
    /// headers and query parameters every request to the environment carries.
    public func davinciConfiguration() throws(ConfigurationError) -> DaVinciConfiguration {
        var configuration = try DaVinciConfiguration(
            discoveryEndpoint: discoveryEndpoint ?? "", clientId: clientId ?? "", scopes: scopes, redirectURI: redirectUri ?? "",
            acrValues: acrValues, timeout: timeout, refreshThresholdSeconds: refreshThresholdSeconds)
        configuration.extraHeaders = headers
        configuration.extraQueryParameters = queryParameters.map { URLQueryItem(name: $0.name, value: $0.value) }
        return configuration
    }

    /// The TLS options as a DaVinci instance keeps them.
    public var davinciTLS: DaVinciInstanceRecord.TLSSettings {
        DaVinciInstanceRecord.TLSSettings(pins: sslPinningPublicKeyHashes, caBundlePath: caBundle, insecure: insecure)
    }
}
