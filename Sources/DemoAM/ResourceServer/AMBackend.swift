import AsyncHTTPClient
import Foundation
import NIOCore

/// How the resource server asks the demo AM, over HTTP on loopback as any resource server would:
/// token introspection (as client `demo-api`), session info for SSO tokens, and policy
/// evaluation with the SSO token of its own user, ``APIAgent``, signed in when first needed and
/// again when that session has ended.
actor AMBackend {
    /// The demo AM did not answer as expected; the resource server answers 502.
    struct Failure: Error {
        let message: String
    }

    private let agent: DemoUser
    private var baseURL: String?
    private var agentToken: String?

    init(agent: DemoUser) {
        self.agent = agent
    }

    /// Where the demo AM listens (its HTTP listener), known once it has started.
    func connect(to baseURL: String) {
        self.baseURL = baseURL
    }

    /// RFC 7662 introspection of a bearer token in the root realm.
    func introspect(_ token: String) async throws(Failure) -> JSONValue {
        let credentials = Data("demo-api:demo-api-secret".utf8).base64EncodedString()
        let reply = try await send(
            "POST", "/oauth2/realms/root/introspect",
            headers: [("Authorization", "Basic \(credentials)"), ("Content-Type", "application/x-www-form-urlencoded")],
            body: FormEncoding.encode([("token", token), ("token_type_hint", "access_token")])
        )
        guard reply.status == 200, let json = reply.json else { throw Failure(message: "introspection answered \(reply.status)") }
        return json
    }

    /// `getSessionInfo` for a user's SSO token of the root realm; `nil` when it is not a live session.
    func sessionInfo(_ ssoToken: String) async throws(Failure) -> JSONValue? {
        let reply = try await send(
            "POST", "/json/realms/root/sessions?_action=getSessionInfo",
            headers: [(DemoAM.defaultSessionCookieName, ssoToken), ("Accept-API-Version", "resource=4.0, protocol=1.0")], body: nil
        )
        if reply.status == 401 { return nil }
        guard reply.status == 200, let json = reply.json else { throw Failure(message: "getSessionInfo answered \(reply.status)") }
        return json
    }

    /// The policy decision for one resource of `DemoTransactions`; `nil` when AM refused the subject.
    func evaluate(resource: String, subject: JSONValue, txId: String?) async throws(Failure) -> JSONValue? {
        var members: [(key: String, value: JSONValue)] = [
            ("application", .string(PolicyEvaluation.application)), ("resources", .array([.string(resource)])), ("subject", subject),
        ]
        if let txId { members.append(("environment", .object([("TxId", .array([.string(txId)]))]))) }
        let body = JSONValue.object(members).serialized
        for attempt in 0..<2 {
            let token = try await signedInAgent(renew: attempt > 0)
            let reply = try await send(
                "POST", "/json/realms/root/policies?_action=evaluate",
                headers: [
                    (DemoAM.defaultSessionCookieName, token), ("Accept-API-Version", "resource=2.1"), ("Content-Type", "application/json"),
                ],
                body: body
            )
            if reply.status == 401 { continue }
            if reply.status == 400 { return nil }
            guard reply.status == 200, let decision = reply.json?.array?.first else {
                throw Failure(message: "policy evaluation answered \(reply.status)")
            }
            return decision
        }
        throw Failure(message: "policy evaluation refused the \(APIAgent.username) session twice")
    }

    /// The agent's SSO token: the one held, or a new sign-in with `Login`.
    private func signedInAgent(renew: Bool) async throws(Failure) -> String {
        if let agentToken, !renew { return agentToken }
        let headers = [("Accept-API-Version", "resource=2.1, protocol=1.0"), ("Content-Type", "application/json")]
        let path = "/json/realms/root/authenticate?authIndexType=service&authIndexValue=Login"
        let first = try await send("POST", path, headers: headers, body: "")
        guard let step = first.json, step["authId"] != nil else { throw Failure(message: "the agent's Login answered \(first.status)") }
        let answered = Self.answering(step, with: [agent.username, agent.password])
        let done = try await send("POST", path, headers: headers, body: answered.serialized)
        guard let token = done.json?["tokenId"]?.string else { throw Failure(message: "the agent's sign-in answered \(done.status)") }
        agentToken = token
        return token
    }

    /// The step with the first input of each callback set to the next of `values`.
    private static func answering(_ step: JSONValue, with values: [String]) -> JSONValue {
        guard case .object(let members) = step else { return step }
        var remaining = values[...]
        return .object(members.map { member in
            guard member.key == "callbacks", let callbacks = member.value.array else { return member }
            return (member.key, .array(callbacks.map { callback in
                guard case .object(let fields) = callback else { return callback }
                return .object(fields.map { field in
                    guard field.key == "input", let inputs = field.value.array, case .object(var input)? = inputs.first,
                          let value = remaining.popFirst() else { return field }
                    input = input.map { $0.key == "value" ? ($0.key, .string(value)) : $0 }
                    return (field.key, .array([.object(input)] + inputs.dropFirst()))
                })
            }))
        })
    }

    private func send(_ method: String, _ path: String, headers: [(String, String)], body: String?) async throws(Failure) -> (status: Int, json: JSONValue?) {
        guard let baseURL else { throw Failure(message: "the demo AM has not started yet") }
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = .init(rawValue: method)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(string: body)) }
        do {
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
            let data = try await response.body.collect(upTo: 1 << 20)
            return (Int(response.status.code), JSONValue(parsing: Data(data.readableBytesView)))
        } catch {
            throw Failure(message: "\(method) \(path) failed: \(error)")
        }
    }
}
