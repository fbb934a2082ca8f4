/// The resource server's own user, `api-agent`: it signs in to the demo AM through `/authenticate`
/// (`Login`) to call policy evaluation, as a real resource server's agent account does. Its
/// password is made anew at every start and shown nowhere, so only the resource server can use it.
enum APIAgent {
    static let username = "api-agent"

    static func make() -> DemoUser {
        DemoUser(
            username: username, password: RandomToken.base64URL(bytes: 24), totpSecret: Base32.encode(RandomToken.bytes(10)),
            mail: "api-agent@example.com", givenName: "API", familyName: "Agent"
        )
    }
}
