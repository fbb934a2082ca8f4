import Foundation
import HTTPTypes
import Hummingbird

/// The demo's external identity provider and PingOne's side of a social sign-on: the sign-on
/// form's SOCIAL_LOGIN_BUTTON sends the browser to the provider's page
/// (`/<envId>/demo/idp/authorize`); signing in there as `grace` / `Grace-pass1` redirects to the
/// application's redirect URI with a `continueToken`; the client resumes the flow with it at the
/// form's `_links.continue.href` (`POST /<envId>/davinci/policy/<flowId>/continue`, the token
/// as a bearer token), and the flow ends signed on as the provider's user.
actor DemoIdP {
    /// The provider's own directory: its user is no PingOne user until she first signs on.
    static let username = "grace"
    static let password = "Grace-pass1"
    static let buttonKey = "demo-idp"

    /// Continue tokens issued and not yet used: the interaction and who signed in.
    private var issued: [String: (interaction: String, username: String)] = [:]

    /// The SOCIAL_LOGIN_BUTTON of the sign-on form, for the interaction `id`.
    static func button(interaction id: String, base: String, environment: String) -> [String: Any] {
        ["type": "SOCIAL_LOGIN_BUTTON", "key": buttonKey, "label": "Sign on with the demo IdP", "idpType": "DEMO", "idpId": "demo-idp",
         "idpEnabled": true, "links": ["authenticate": ["href": "\(base)/\(environment)/demo/idp/authorize?flow=\(id)"]]]
    }

    /// Where the flow resumes after the browser.
    static func continueLink(base: String, environment: String, flowId: String) -> String {
        "\(base)/\(environment)/davinci/policy/\(flowId)/continue"
    }

    /// The provider's sign-in page (HTML), for the interaction `flow`.
    static func page(flow: String, message: String? = nil) -> Response {
        let escaped = flow.filter { $0.isLetter || $0.isNumber || $0 == "-" }
        let note = message.map { "<p class=\"error\">\($0)</p>" } ?? ""
        let html = """
            <!doctype html><html><head><title>Demo IdP</title></head><body>
            <h1>Demo IdP</h1>\(note)
            <form method="post" action="authorize">
            <input type="hidden" name="flow" value="\(escaped)">
            <label>Username <input name="username"></label> <label>Password <input name="password" type="password"></label>
            <button type="submit">Sign in</button></form>
            <p>The demo provider knows one user: \(username) / \(password).</p></body></html>
            """
        return Response(status: message == nil ? .ok : .unauthorized, headers: [.contentType: "text/html; charset=utf-8"],
                        body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// The page's form posted: the right password redirects to the interaction's redirect URI
    /// with a continue token; anything else shows the page again.
    func signIn(_ form: [String: String], interactions: Interactions) async -> Response {
        guard let flow = form["flow"], let interaction = await interactions.interaction(flow) else {
            return Self.page(flow: form["flow"] ?? "", message: "This sign-in belongs to no running flow: start it again.")
        }
        guard form["username"]?.lowercased() == Self.username, form["password"] == Self.password else {
            return Self.page(flow: flow, message: "Wrong username or password.")
        }
        let token = RandomID.hex(32)
        issued[token] = (interaction.id, Self.username)
        var location = URLComponents(string: interaction.authorization.redirectURI) ?? URLComponents()
        location.queryItems = (location.queryItems ?? []) + [URLQueryItem(name: "continueToken", value: token)]
        return Response(status: .found, headers: [.location: location.string ?? interaction.authorization.redirectURI])
    }

    /// Takes a continue token (once): the interaction and the user, or nil.
    func redeem(_ token: String) -> (interaction: String, username: String)? {
        issued.removeValue(forKey: token)
    }
}
