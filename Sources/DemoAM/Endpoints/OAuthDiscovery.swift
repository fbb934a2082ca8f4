import Hummingbird

/// `GET /oauth2/{realm}/.well-known/openid-configuration`: the realm's OpenID Provider metadata,
/// shaped like AM's. The keys are at `connect/jwk_uri`.
enum OAuthDiscovery {
    static func configuration(_ call: OAuthCall) -> Response {
        let issuer = call.issuer
        func strings(_ values: [String]) -> JSONValue { .array(values.map { .string($0) }) }
        let scopes = DemoAM.oauthClients.reduce(into: [String]()) { all, client in
            all += client.scopes.filter { !all.contains($0) }
        }
        return .json(.object([
            ("issuer", .string(issuer)),
            ("authorization_endpoint", .string(issuer + "/authorize")),
            ("token_endpoint", .string(issuer + "/access_token")),
            ("userinfo_endpoint", .string(issuer + "/userinfo")),
            ("revocation_endpoint", .string(issuer + "/token/revoke")),
            ("introspection_endpoint", .string(issuer + "/introspect")),
            ("end_session_endpoint", .string(issuer + "/connect/endSession")),
            ("jwks_uri", .string(issuer + "/connect/jwk_uri")),
            ("response_types_supported", strings(["code"])),
            ("response_modes_supported", strings(["query"])),
            ("grant_types_supported", strings(["authorization_code", "refresh_token"])),
            ("code_challenge_methods_supported", strings([PKCE.method])),
            ("token_endpoint_auth_methods_supported", strings(["none"])),
            ("introspection_endpoint_auth_methods_supported", strings(["client_secret_basic", "client_secret_post"])),
            ("subject_types_supported", strings(["public"])),
            ("id_token_signing_alg_values_supported", strings(["ES256"])),
            ("scopes_supported", strings(scopes)),
            ("acr_values_supported", strings(DemoAM.journeys)),
            ("claims_supported", strings([
                "iss", "sub", "aud", "exp", "iat", "auth_time", "nonce", "acr", "amr", "azp", "sid", "realm",
                "name", "given_name", "family_name", "preferred_username", "email",
            ])),
        ]))
    }
}
