import DemoAM
import Foundation
import Testing

@Suite("SocialLogin journey and the demo IdP")
struct SocialLoginTests {
    /// Starts SocialLogin, picks the demo IdP and returns the RedirectCallback step.
    private func redirectStep(_ client: AMClient) async throws -> Reply {
        let select = try await client.start("SocialLogin")
        #expect(select.json["stage"] == "SocialLoginProvider")
        #expect(select.types == ["SelectIdPCallback"])
        #expect(select.callbacks[0].outputs["providers"] == [
            ["provider": "demo-idp", "uiConfig": ["buttonDisplayName": "Demo IdP"]], ["provider": "localAuthentication"],
        ])
        let redirect = try await client.submit(select, ["IDToken1": "demo-idp"])
        #expect(redirect.types == ["RedirectCallback"])
        #expect(redirect.callbacks[0].inputNames.isEmpty)
        return redirect
    }

    private func query(of url: String) -> [String: String] {
        Dictionary((URLComponents(string: url)?.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    /// Follows the RedirectCallback to the IdP and returns where it sends the browser back.
    private func browse(_ redirect: Reply, _ client: AMClient) async throws -> String {
        let url = try #require(redirect.callbacks[0].outputs["redirectUrl"]?.string)
        #expect(url.hasPrefix(client.baseURL + "/demo/idp/authorize?"))
        let idp = try await client.get(String(url.dropFirst(client.baseURL.count)))
        #expect(idp.status == 302)
        return try #require(idp.headers.first(name: "Location"))
    }

    @Test("the provider's page sends the browser back with code and state; the step sent back with them signs the user in")
    func wholeLoop() async throws {
        try await withDemoAM { _, client in
            let redirect = try await redirectStep(client)
            let outputs = redirect.callbacks[0].outputs
            #expect(outputs["redirectMethod"] == "GET")
            #expect(outputs["trackingCookie"] == false)
            let asked = query(of: outputs["redirectUrl"]?.string ?? "")
            #expect(asked["client_id"] == "demo-am-social")
            #expect(asked["redirect_uri"] == client.baseURL + "/demo/idp/landing")
            #expect(asked["response_type"] == "code")
            let state = try #require(asked["state"])

            let location = try await browse(redirect, client)
            #expect(location.hasPrefix(client.baseURL + "/demo/idp/landing?code="))
            let returned = query(of: location)
            #expect(returned["state"] == state)
            let code = try #require(returned["code"])

            let landing = try await client.get(String(location.dropFirst(client.baseURL.count)))
            #expect(landing.status == 200)
            #expect(landing.headers.first(name: "Content-Type") == "text/html; charset=utf-8")
            #expect(landing.text.contains("<code>\(location.replacingOccurrences(of: "&", with: "&amp;"))</code>"))

            let signedIn = try await client.submit(redirect, query: "code=\(code)&state=\(state)")
            #expect(signedIn.status == 200)
            #expect(signedIn.json["tokenId"]?.string != nil)
            #expect(signedIn.setCookies.contains { $0.hasPrefix("iPlanetDirectoryPro=") })
        }
    }

    @Test("a wrong state, a code used twice and a provider's error end the journey with a 401 saying why")
    func refusals() async throws {
        try await withDemoAM { _, client in
            let first = try await redirectStep(client)
            let code = try #require(query(of: try await browse(first, client))["code"])
            let wrongState = try await client.submit(first, query: "code=\(code)&state=another")
            #expect(wrongState.status == 401)
            #expect(wrongState.json["message"]?.string?.hasSuffix("Not able to verify the state: the address is not the answer to this sign-in") == true, "\(wrongState.text)")

            let second = try await redirectStep(client)
            let state = try #require(query(of: second.callbacks[0].outputs["redirectUrl"]?.string ?? "")["state"])
            let used = try await client.submit(second, query: "code=\(code)&state=\(state)")
            #expect(used.status == 401)
            #expect(used.json["message"]?.string?.hasSuffix("The identity provider did not accept the code: it is unknown, used or expired") == true, "\(used.text)")

            let third = try await redirectStep(client)
            let denied = try await client.submit(third, query: "error=access_denied&state=x")
            #expect(denied.status == 401)
            #expect(denied.json["message"]?.string?.hasSuffix("The identity provider did not sign you in: access_denied") == true, "\(denied.text)")
        }
    }

    @Test("the step sent back without the browser's answer shows the redirect again")
    func backWithoutTheBrowser() async throws {
        try await withDemoAM { _, client in
            let redirect = try await redirectStep(client)
            let again = try await client.submit(redirect)
            #expect(again.types == ["RedirectCallback"])
            #expect(again.callbacks[0].outputs["redirectUrl"] == redirect.callbacks[0].outputs["redirectUrl"])
        }
    }

    @Test("localAuthentication goes on with the username/password page")
    func localAuthentication() async throws {
        try await withDemoAM { _, client in
            let select = try await client.start("SocialLogin")
            let login = try await client.submit(select, ["IDToken1": "localAuthentication"])
            #expect(login.json["stage"] == "UsernamePassword")
            let signedIn = try await client.submit(login, ["IDToken1": "demo", "IDToken2": "Demo-pass1"])
            #expect(signedIn.json["tokenId"]?.string != nil)
            let unknown = try await client.submit(try await client.start("SocialLogin"), ["IDToken1": "nowhere"])
            #expect(unknown.status == 401)
        }
    }

    @Test("the authorization page refuses an unknown client or redirect URI without redirecting, and a missing state with an error")
    func authorizeChecks() async throws {
        try await withDemoAM { _, client in
            let landing = client.baseURL + "/demo/idp/landing"
            let encodedLanding = landing.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let unknownClient = try await client.get("/demo/idp/authorize?client_id=other&redirect_uri=\(encodedLanding)&response_type=code&state=s")
            #expect(unknownClient.status == 400)
            #expect(unknownClient.headers.first(name: "Location") == nil)
            let elsewhere = try await client.get("/demo/idp/authorize?client_id=demo-am-social&redirect_uri=https%3A%2F%2Fevil.example%2F&response_type=code&state=s")
            #expect(elsewhere.status == 400)
            #expect(elsewhere.headers.first(name: "Location") == nil)
            #expect(elsewhere.text.contains("sends browsers back to \(landing) only"))
            let noState = try await client.get("/demo/idp/authorize?client_id=demo-am-social&redirect_uri=\(encodedLanding)&response_type=code")
            #expect(noState.status == 302)
            #expect(noState.headers.first(name: "Location") == landing + "?error=invalid_request&error_description=state+is+required")
            let token = try await client.get("/demo/idp/authorize?client_id=demo-am-social&redirect_uri=\(encodedLanding)&response_type=token&state=s")
            #expect(token.headers.first(name: "Location") == landing + "?error=unsupported_response_type&state=s")
        }
    }
}
