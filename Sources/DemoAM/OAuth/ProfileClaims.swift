/// The OIDC claims about a user that the granted scopes allow, shared by ID tokens and
/// `userinfo`: `profile` gives the names, `email` the mail address.
enum ProfileClaims {
    static func members(of user: DemoUser, scopes: [String]) -> [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = []
        if scopes.contains("profile") {
            members += [
                ("name", .string("\(user.givenName) \(user.familyName)")),
                ("given_name", .string(user.givenName)),
                ("family_name", .string(user.familyName)),
            ]
        }
        if scopes.contains("email") {
            members.append(("email", .string(user.mail)))
        }
        if scopes.contains("profile") {
            members.append(("preferred_username", .string(user.username)))
        }
        return members
    }
}
