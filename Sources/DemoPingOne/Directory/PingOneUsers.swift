/// A person the demo environment knows.
public struct PingOneUser: Sendable, Hashable {
    public let username: String
    public let password: String
    public let email: String
    public let givenName: String
    /// Sign-on asks this user for a one-time code after the password.
    public let usesOneTimeCode: Bool
    /// Sign-on ends in a failed flow for this user (`status: FAILED`).
    public let isLocked: Bool
    /// Sign-on asks this user to accept changed terms of use (SINGLE_CHECKBOX fields) until they do.
    public var mustAcceptTerms = false
    /// Sign-on shows this user a QR code to set up an authenticator app with this seed (base32),
    /// until they have.
    public var newAuthenticatorSecret: String?
    /// Sign-on waits for this user to approve it on a phone, polled.
    public var approval: PhoneApproval?
    /// Sign-on checks this user's device (a PROTECT field), then asks for a passkey (FIDO2)
    /// whose fallback, on the SDKs' WebAuthn error, is a one-time code.
    public var usesPasskey = false
    public var country: String?
    public var phone: String?
}

/// An approval on a phone that sign-on waits for: it arrives after `afterPolls` polls; the
/// client polls the form again (continue polling) or the challenge's status (`byChallenge`).
public struct PhoneApproval: Sendable, Hashable {
    public var afterPolls: Int
    public var byChallenge: Bool

    public init(afterPolls: Int, byChallenge: Bool) {
        self.afterPolls = afterPolls
        self.byChallenge = byChallenge
    }
}

/// The demo environment's users: the built-in ones and those registered since it started.
actor PingOneUsers {
    private var users: [String: PingOneUser]

    init(_ users: [PingOneUser]) {
        self.users = Dictionary(uniqueKeysWithValues: users.map { ($0.username.lowercased(), $0) })
    }

    func user(_ username: String) -> PingOneUser? { users[username.lowercased()] }

    /// Adds a user; false when the username is taken.
    func register(_ user: PingOneUser) -> Bool {
        guard users[user.username.lowercased()] == nil else { return false }
        users[user.username.lowercased()] = user
        return true
    }

    /// The user accepted the terms of use: sign-on stops asking.
    func acceptTerms(of username: String) {
        users[username.lowercased()]?.mustAcceptTerms = false
    }

    /// The user set up the authenticator app: sign-on stops showing its QR code.
    func enrolAuthenticator(of username: String) {
        users[username.lowercased()]?.newAuthenticatorSecret = nil
    }

    func setPassword(_ password: String, of username: String) {
        guard let user = users[username.lowercased()] else { return }
        users[username.lowercased()] = PingOneUser(username: user.username, password: password, email: user.email, givenName: user.givenName,
                                                   usesOneTimeCode: user.usesOneTimeCode, isLocked: user.isLocked, mustAcceptTerms: user.mustAcceptTerms,
                                                   newAuthenticatorSecret: user.newAuthenticatorSecret, approval: user.approval, usesPasskey: user.usesPasskey, country: user.country, phone: user.phone)
    }
}
