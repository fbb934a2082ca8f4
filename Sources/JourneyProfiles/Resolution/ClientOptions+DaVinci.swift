import DaVinci
import JourneyEngine
import Orchestrate

extension ClientOptions {
    /// A DaVinci instance's configuration (`kind: davinci`): its environment's discovery
    /// document, the application, the flow policies and the timeout.
    public func davinciConfiguration() throws(ConfigurationError) -> DaVinciConfiguration {
        try DaVinciConfiguration(discoveryEndpoint: discoveryEndpoint ?? "", clientId: clientId ?? "", scopes: scopes,
                                 redirectURI: redirectUri ?? "", acrValues: acrValues,
                                 timeout: .milliseconds(Int64((timeoutSeconds * 1000).rounded())))
    }
}
