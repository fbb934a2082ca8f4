import Hummingbird

/// The identity provider's pages: `GET /am/demo/idp/authorize` (its authorization endpoint) and
/// `GET /am/demo/idp/landing` (the redirect URI it sends browsers back to).
///
/// `authorize` checks the client and the redirect URI first; without them the answer is a 400 page
/// and never a redirect. Otherwise it answers with a 302 to the redirect URI: `code` and `state` when
/// `response_type=code` and a `state` were given, `error` (and `state`) otherwise.
enum DemoIdPPages {
    static func add(to router: Router<DemoRequestContext>, provider: DemoIdentityProvider) {
        router.get("/am/demo/idp/authorize") { request, context in
            await authorize(FormEncoding.decode(request.uri.query ?? ""), baseURL: context.baseURL, provider: provider)
        }
        router.get("/am/demo/idp/landing") { request, context in
            landing(address: DemoIdentityProvider.redirectURI(baseURL: context.baseURL) + (request.uri.query.map { "?" + $0 } ?? ""))
        }
    }

    static func authorize(_ query: [String: String], baseURL: String, provider: DemoIdentityProvider) async -> Response {
        guard query["client_id"] == DemoIdentityProvider.clientId else {
            return page(status: .badRequest, "Unknown client", "The demo IdP knows one client: \(DemoIdentityProvider.clientId).")
        }
        let redirectURI = DemoIdentityProvider.redirectURI(baseURL: baseURL)
        guard query["redirect_uri"] == redirectURI else {
            return page(status: .badRequest, "Unregistered redirect URI", "The demo IdP sends browsers back to \(redirectURI) only.")
        }
        let echoedState = query["state"].map { [(name: "state", value: $0)] } ?? []
        let answer: [(name: String, value: String)]
        if query["response_type"] != "code" {
            answer = [("error", "unsupported_response_type")] + echoedState
        } else if let state = query["state"], !state.isEmpty {
            answer = [("code", await provider.issueCode(redirectURI: redirectURI, state: state)), ("state", state)]
        } else {
            answer = [("error", "invalid_request"), ("error_description", "state is required")]
        }
        return Response(status: .found, headers: [.location: redirectURI + "?" + FormEncoding.encode(answer)])
    }

    /// What a browser shows after the provider sent it back: the address to paste into the client.
    static func landing(address: String) -> Response {
        page(status: .ok, "Back from the demo IdP",
             "Copy this page's address and paste it where JourneyTerm asks for it (the journey goes on from there):",
             code: address)
    }

    private static func page(status: HTTPResponse.Status, _ title: String, _ text: String, code: String? = nil) -> Response {
        let block = code.map { "<p><code>\(escaped($0))</code></p>" } ?? ""
        let html = """
            <!doctype html>
            <html><head><meta charset="utf-8"><title>\(escaped(title))</title></head>
            <body><h1>\(escaped(title))</h1><p>\(escaped(text))</p>\(block)</body></html>

            """
        return Response(status: status, headers: [.contentType: "text/html; charset=utf-8"],
                        body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
