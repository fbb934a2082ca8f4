extension DemoAM {
    /// AM's default SSO cookie name, used by the root realm.
    static let defaultSessionCookieName = "iPlanetDirectoryPro"
    /// The `/alpha` realm's SSO cookie name: random-looking, as AIC tenants' are, so a client
    /// configured with the wrong name finds no session there.
    static let alphaSessionCookieName = "a7c3e9f1b2d84c6"

    /// The name of the SSO cookie a realm sets, and of the header and cookie it reads the SSO token
    /// from (`/sessions`, `authorize`, and a first `authenticate` request).
    ///
    /// `/` (or `root`) has AM's `iPlanetDirectoryPro`; `/alpha` (or `alpha`, `root/alpha`) has
    /// `a7c3e9f1b2d84c6`. Other realms, which the demo AM does not have, get the default.
    public static func sessionCookieName(forRealm realm: String) -> String {
        let path = realm.split(separator: "/").filter { $0 != "root" }
        return path == ["alpha"] ? alphaSessionCookieName : defaultSessionCookieName
    }
}
