/// A user of the demo AM's in-memory directory.
public struct DemoUser: Sendable {
    public let username: String
    public let password: String
    /// The base32 secret whose TOTP codes `SecondFactor` accepts.
    public let totpSecret: String
    public let mail: String
    /// The first name, the OIDC `given_name`.
    public let givenName: String
    /// The last name, the OIDC `family_name`.
    public let familyName: String
}
