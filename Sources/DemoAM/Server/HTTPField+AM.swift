import HTTPTypes
import Hummingbird

extension HTTPField.Name {
    static let acceptAPIVersion = HTTPField.Name("Accept-API-Version")!
    static let contentAPIVersion = HTTPField.Name("Content-API-Version")!
    /// AM's default session cookie name, also accepted as a request header.
    static let sessionToken = HTTPField.Name(DemoAM.sessionCookieName)!
}
