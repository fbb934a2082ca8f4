import Hummingbird

extension Request {
    /// The SSO token the caller sent: the `iPlanetDirectoryPro` header, else the cookie of that name.
    var ssoToken: String? {
        headers[.sessionToken] ?? cookies[DemoAM.sessionCookieName]?.value
    }

    /// The live session named by ``ssoToken``, in any realm.
    func session(in directory: Directory) async -> Session? {
        guard let ssoToken else { return nil }
        return await directory.session(tokenId: ssoToken)
    }
}
