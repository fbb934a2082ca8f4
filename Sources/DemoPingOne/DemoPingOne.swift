import Foundation
import Hummingbird

/// A PingOne environment for demos and tests, with DaVinci flows: discovery, authorize with
/// `response_mode=pi.flow`, the flows' forms, and the token, userinfo, revoke and sign-off
/// endpoints with PKCE checked. An independent reading of PingOne's side: it shares no code or
/// wire types with the clients. Served beside the demo AM on the same port (`journey serve`).
public final class DemoPingOne: Sendable {
    public static let defaultEnvironmentId = "8d1b5c2e-6f3a-4e0b-9c7d-2a4f6e8b0c1d"
    public static let defaultClientId = "journeyterm-davinci"
    public static let defaultRedirectURI = "http://127.0.0.1/davinci/callback"
    /// The flow policies (`acr_values`): sign-on (the default) and registration.
    public static let signOnPolicy = "demo-sign-on"
    public static let registrationPolicy = "demo-registration"
    /// The shapes beyond plain forms (`DetailsFlow`): a label with a link, a phone number with
    /// an extension, a reply without a form; ending with a code, or with a session only.
    public static let detailsPolicy = "demo-details"
    public static let sessionOnlyPolicy = "demo-session-only"
    /// The newer field types (`FieldsFlow`): AGREEMENT, IMAGE, a plain BUTTON, METADATA.
    public static let fieldsPolicy = "demo-fields"
    /// Answers the authorize request with a redirect, as PingOne does for a flow it will not
    /// run as JSON.
    public static let redirectPolicy = "demo-redirect"

    /// `demo` signs straight on; `alice` gets a one-time code; `bob` accepts changed terms of use
    /// first; `carol` is shown a QR code to set up an authenticator app; `dave` and `erin` wait
    /// for an approval on a phone (continue polling, challenge polling); `frank`'s device is
    /// checked (PROTECT), then a passkey (FIDO2) is asked for, with a one-time code as its
    /// fallback; `locked` ends in a failed flow.
    public static let builtInUsers = [
        PingOneUser(username: "demo", password: "Demo-pass1", email: "demo@example.com", givenName: "Demo", usesOneTimeCode: false, isLocked: false),
        PingOneUser(username: "alice", password: "Alice-pass1", email: "alice@example.com", givenName: "Alice", usesOneTimeCode: true, isLocked: false),
        PingOneUser(username: "bob", password: "Bob-pass1", email: "bob@example.com", givenName: "Bob", usesOneTimeCode: false, isLocked: false,
                    mustAcceptTerms: true),
        PingOneUser(username: "carol", password: "Carol-pass1", email: "carol@example.com", givenName: "Carol", usesOneTimeCode: false,
                    isLocked: false, newAuthenticatorSecret: "MFRGGZDFMZTWQ2LK"),
        PingOneUser(username: "dave", password: "Dave-pass1", email: "dave@example.com", givenName: "Dave", usesOneTimeCode: false, isLocked: false,
                    approval: PhoneApproval(afterPolls: 3, byChallenge: false)),
        PingOneUser(username: "erin", password: "Erin-pass1", email: "erin@example.com", givenName: "Erin", usesOneTimeCode: false, isLocked: false,
                    approval: PhoneApproval(afterPolls: 3, byChallenge: true)),
        PingOneUser(username: "frank", password: "Frank-pass1", email: "frank@example.com", givenName: "Frank", usesOneTimeCode: false,
                    isLocked: false, usesPasskey: true),
        PingOneUser(username: "locked", password: "Locked-pass1", email: "locked@example.com", givenName: "Lock", usesOneTimeCode: false, isLocked: true),
    ]

    public let configuration: DemoPingOneConfiguration
    private let interactions = Interactions()
    private let engine: FlowEngine
    private let authorizationServer: AuthorizationServer

    public init(_ configuration: DemoPingOneConfiguration = .init()) {
        self.configuration = configuration
        let users = PingOneUsers(configuration.users)
        authorizationServer = AuthorizationServer(configuration: configuration, users: users)
        engine = FlowEngine(configuration: configuration, users: users, interactions: interactions, authorizationServer: authorizationServer)
    }

    /// The discovery document's address on a server whose origin is `origin` (`http://127.0.0.1:8180`).
    public func discoveryEndpoint(origin: String) -> String {
        "\(origin)/\(configuration.environmentId)/as/.well-known/openid-configuration"
    }

    /// Lines for the demo server's banner: the environment, its application, flows and users.
    public func bannerLines(origin: String) -> String {
        let environment = "\(origin)/\(configuration.environmentId)"
        let width = configuration.users.map(\.username.count).max() ?? 0
        let users = configuration.users.map { user in
            let note = user.isLocked ? "  (locked: the flow fails)" : user.usesOneTimeCode ? "  (then a one-time code)"
                : user.mustAcceptTerms ? "  (then accepts the terms of use)"
                : user.newAuthenticatorSecret != nil ? "  (then a QR code to set up an authenticator app)"
                : user.approval.map { "  (then waits for an approval on a phone, \($0.afterPolls) polls\($0.byChallenge ? " of a challenge's status" : ""))" }
                ?? (user.usesPasskey ? "  (then a device check and a passkey, whose fallback is a one-time code)" : "")
            return "  \(user.username.padding(toLength: width, withPad: " ", startingAt: 0))  password \(user.password)\(note)"
        }
        return """
            Demo PingOne (DaVinci flows, profile kind: davinci):
              Discovery: \(discoveryEndpoint(origin: origin))
              Client:    \(configuration.clientId)  redirect \(configuration.redirectURIs.joined(separator: " or "))  scopes openid profile email phone
              Flows (acr_values): \(Self.signOnPolicy) (default: sign-on, links to registration and recovery), \(Self.registrationPolicy),
                                  \(Self.detailsPolicy), \(Self.sessionOnlyPolicy), \(Self.fieldsPolicy), \(Self.redirectPolicy)
              One-time codes: \(environment)/demo/outbox   Expire every flow: POST \(environment)/demo/expire
            \(users.joined(separator: "\n"))
            """
    }

    /// The one-time codes "sent" so far, oldest first (also `GET /<envId>/demo/outbox`).
    public func outbox() async -> [(to: String, code: String)] {
        await interactions.outbox
    }

    /// How long each accepted poll came after the wait before it (the form shown, or the last
    /// poll), oldest first: a client that polls sooner than `pollInterval` is refused.
    public func pollGaps() async -> [Duration] {
        await interactions.pollGaps
    }

    /// Times out every flow in progress, as if its interaction's time had run out (also
    /// `POST /<envId>/demo/expire`): their next answer is refused with `requestTimedOut`.
    public func expireFlows() async {
        await interactions.expireAll()
    }

    /// Adds the environment's routes; `origin` gives the server's scheme, host and port for a
    /// request (its links point back at it).
    public func addRoutes<Context: RequestContext>(to router: Router<Context>, origin: @escaping @Sendable (Context) -> String) {
        let environment = configuration.environmentId
        let engine = engine
        let server = authorizationServer
        let interactions = interactions
        @Sendable func issuer(_ context: Context) -> String { "\(origin(context))/\(environment)/as" }
        router.get(RouterPath("/\(environment)/as/.well-known/openid-configuration")) { _, context in
            WireJSON.response(AuthorizationServer.discovery(issuer: issuer(context)))
        }
        router.get(RouterPath("/\(environment)/as/authorize")) { request, context in
            await engine.start(Self.query(request), base: origin(context))
        }
        router.post(RouterPath("/\(environment)/davinci/connections/:connection/capabilities/:capability")) { request, context in
            await engine.answer(request, base: origin(context))
        }
        router.post(RouterPath("/\(environment)/davinci/user/credentials/challenge/:challenge/status")) { request, context in
            await engine.challengeStatus(context.parameters.get("challenge") ?? "", request: request)
        }
        router.post(RouterPath("/\(environment)/as/token")) { request, context in
            await server.token(await WireJSON.form(in: request), issuer: issuer(context))
        }
        for method in [HTTPRequest.Method.get, .post] {
            router.on(RouterPath("/\(environment)/as/userinfo"), method: method) { request, _ in
                await server.userinfo(authorization: request.headers[.authorization])
            }
        }
        router.post(RouterPath("/\(environment)/as/revoke")) { request, _ in
            await server.revoke(await WireJSON.form(in: request))
        }
        router.get(RouterPath("/\(environment)/as/signoff")) { request, _ in
            await server.signOff(idTokenHint: Self.query(request)["id_token_hint"])
        }
        router.get(RouterPath("/\(environment)/as/jwks")) { _, _ in
            await server.jwks()
        }
        router.get(RouterPath("/\(environment)/demo/idp/authorize")) { request, _ in
            DemoIdP.page(flow: Self.query(request)["flow"] ?? "")
        }
        router.post(RouterPath("/\(environment)/demo/idp/authorize")) { request, _ in
            await engine.identityProvider.signIn(await WireJSON.form(in: request), interactions: interactions)
        }
        router.post(RouterPath("/\(environment)/davinci/policy/:flow/continue")) { request, context in
            await engine.resume(request, base: origin(context))
        }
        router.post(RouterPath("/\(environment)/demo/expire")) { _, _ in
            await interactions.expireAll()
            return Response(status: .noContent)
        }
        router.get(RouterPath("/\(environment)/demo/outbox")) { _, _ in
            WireJSON.response(["codes": await interactions.outbox.map { ["to": $0.to, "code": $0.code] }])
        }
    }

    private static func query(_ request: Request) -> [String: String] {
        var query: [String: String] = [:]
        for (name, value) in request.uri.queryParameters { query[String(name)] = query[String(name)] ?? String(value) }
        return query
    }
}
