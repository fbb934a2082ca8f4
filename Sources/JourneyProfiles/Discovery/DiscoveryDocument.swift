import Foundation
import JourneyEngine
import Orchestrate

/// What a realm's OpenID Provider metadata gives a profile, as the SDKs' `discover()` reads
/// it: the authorize, token, userinfo and revocation endpoints, and the end-session endpoint,
/// PingOne's `ping_end_idp_session_endpoint` when present (it also ends the IdP session), else
/// `end_session_endpoint`; and, from the issuer, the realm.
public struct DiscoveryDocument: Sendable, Hashable {
    public let issuer: String
    /// The endpoints, by option, as full URLs.
    public let endpoints: [OptionKey: String]

    /// Reads the document; nil when it lacks an endpoint the SDKs need.
    public init?(_ json: JSONValue) {
        guard let standard = OAuthEndpoints(discovery: json) else { return nil }
        issuer = standard.issuer
        let endSession = json["ping_end_idp_session_endpoint"]?.stringValue.flatMap(URL.init(string:)) ?? standard.endSession
        endpoints = [
            .authorizeEndpoint: standard.authorize.absoluteString,
            .tokenEndpoint: standard.token.absoluteString,
            .userinfoEndpoint: standard.userinfo.absoluteString,
            .revokeEndpoint: standard.revoke.absoluteString,
            .endSessionEndpoint: endSession.absoluteString,
        ]
    }

    /// The realm named by the issuer (`…/oauth2/realms/root/realms/alpha` → `alpha`), when the
    /// issuer is an AM realm's.
    public var issuerRealm: Realm? {
        guard issuer.contains("/oauth2") else { return nil }
        return try? DiscoveryTarget(issuer).server.realm
    }
}
