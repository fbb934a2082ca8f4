import HTTPTypes
import Hummingbird

extension Request {
    /// The SSO token sent to `realm`: the header named after the realm's cookie, else that cookie.
    func ssoToken(realm: String) -> String? {
        let name = DemoAM.sessionCookieName(forRealm: realm)
        return HTTPField.Name(name).flatMap { headers[$0] } ?? cookies[name]?.value
    }

    /// The live session of `realm` named by ``ssoToken(realm:)``.
    func session(in directory: Directory, realm: String) async -> Session? {
        guard let token = ssoToken(realm: realm) else { return nil }
        return await directory.session(tokenId: token, realm: realm)
    }
}
