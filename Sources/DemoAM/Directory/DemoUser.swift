/// A user of the demo AM's in-memory directory: the fields the journeys' nodes and the tokens
/// use, and any other IDM managed-user attributes (`attributes`) that exported journeys read and
/// change.
public struct DemoUser: Sendable {
    public internal(set) var username: String
    public internal(set) var password: String
    /// The base32 secret whose TOTP codes `SecondFactor` accepts.
    public internal(set) var totpSecret: String
    public internal(set) var mail: String
    /// The first name, the OIDC `given_name`.
    public internal(set) var givenName: String
    /// The last name, the OIDC `family_name`.
    public internal(set) var familyName: String
    /// Whether the account may sign in (IDM's `accountStatus` `active`); a lockout clears it.
    public internal(set) var active = true
    /// Every other attribute, by its IDM name (`telephoneNumber`, `preferences`, `kbaInfo`,
    /// `loginCount`, …).
    var attributes: [String: JSONValue] = [:]

    init(username: String, password: String, totpSecret: String, mail: String, givenName: String, familyName: String,
         attributes: [String: JSONValue] = [:]) {
        self.username = username
        self.password = password
        self.totpSecret = totpSecret
        self.mail = mail
        self.givenName = givenName
        self.familyName = familyName
        self.attributes = attributes
    }
}

/// The user as IDM names its attributes (`userName`, `givenName`, `sn`, `mail`, `password`,
/// `accountStatus`, …): what exported journeys' nodes read and write.
extension DemoUser {
    /// The attribute's value; nil when the user has none. A `/` in the name reads inside an
    /// object. The password is never read back (as IDM keeps it private): ask ``hasPassword``.
    func attribute(_ name: String) -> JSONValue? {
        switch name {
        case "userName": .string(username)
        case "givenName": .string(givenName)
        case "sn": .string(familyName)
        case "mail": .string(mail)
        case "accountStatus": .string(active ? "active" : "inactive")
        case "password": nil
        default: otherAttribute(name)
        }
    }

    /// Sets an attribute; a `/` in the name (`preferences/marketing`) sets a member of an object.
    mutating func set(_ name: String, _ value: JSONValue) {
        let text = value.string ?? ""
        switch name {
        case "userName": username = text
        case "givenName": givenName = text
        case "sn": familyName = text
        case "mail": mail = text
        case "password": password = text
        case "accountStatus": active = text.lowercased() == "active"
        default:
            let path = name.split(separator: "/").map(String.init)
            guard path.count > 1 else { attributes[name] = value; return }
            attributes[path[0]] = (attributes[path[0]] ?? .object([])).setting(Array(path.dropFirst()), to: value)
        }
    }

    var hasPassword: Bool { !password.isEmpty }

    private func otherAttribute(_ name: String) -> JSONValue? {
        let path = name.split(separator: "/").map(String.init)
        guard let first = path.first else { return nil }
        return attributes[first]?.value(at: Array(path.dropFirst()))
    }
}
