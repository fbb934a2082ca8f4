import Foundation
import HTTPTypes
import Hummingbird

/// `POST /json/realms/{realm}/authenticate`: starts, continues and resumes journeys as AM does.
///
/// - A first request (no `authId` in the body) names the journey with
///   `authIndexType=service&authIndexValue=<journey>` (default `Login`). If it carries a valid
///   session of the realm (the cookie or header named by ``DemoAM/sessionCookieName(forRealm:)``)
///   and neither `ForceAuth=true` nor `noSession=true`, that session is returned at once when it
///   passed that journey already; any other journey runs and upgrades the session in place.
/// - `authIndexType=composite_advice&authIndexValue=<advice XML>` runs the journey the advice asks
///   for (``AdviceJourney``), with the caller's session: it is upgraded in place, or kept as it is
///   when the advice is a transaction to confirm.
/// - A continuation echoes the last step with its inputs filled in; the `authId` finds the journey.
/// - `suspendedId=<id>` resumes a suspended journey.
///
/// Every response carries `Content-API-Version: resource=2.1` and `Set-Cookie: amlbcookie=01`.
struct Authenticate: Sendable {
    let state: ServerState

    /// What one request brings besides its body.
    private struct Call {
        let realm: String
        let baseURL: String
        let noSession: Bool
        let environment: JourneyEnvironment
    }

    private static let successURL: JSONValue = "/am/console"

    func respond(to request: Request, context: DemoRequestContext, realm: String) async -> Response {
        var response: Response
        do throws(AMError) {
            response = try await authenticate(request, context: context, realm: realm)
        } catch {
            response = error.response
        }
        response.headers[.contentAPIVersion] = "resource=2.1"
        response.headers.append(HTTPField(name: .setCookie, value: "amlbcookie=01; Path=/"))
        return response
    }

    private func authenticate(_ request: Request, context: DemoRequestContext, realm: String) async throws(AMError) -> Response {
        guard ["2.0", "2.1"].contains(APIVersion.resource(in: request.headers[.acceptAPIVersion])) else {
            throw .badRequest("Unsupported API version: send Accept-API-Version: resource=2.1, protocol=1.0")
        }
        let query = request.uri.queryParameters
        let body = try await Self.readBody(request)
        let call = Call(
            realm: realm,
            baseURL: context.baseURL,
            noSession: Self.flag(query["noSession"]),
            environment: JourneyEnvironment(
                directory: state.directory,
                transactions: state.transactions,
                configuration: state.configuration,
                language: Language(locale: query["locale"].map(String.init), acceptLanguage: request.headers[.acceptLanguage]),
                baseURL: context.baseURL,
                returnedQuery: FormEncoding.decode(request.uri.query ?? ""),
                identityProvider: state.identityProvider,
                headers: Dictionary(request.headers.map { ($0.name.canonicalName, $0.value) }, uniquingKeysWith: { _, last in last }),
                coverage: state.coverage,
                outbox: state.sentMail,
                sessionToken: request.ssoToken(realm: realm),
                realm: realm
            )
        )
        if let suspendedId = query["suspendedId"] {
            return try await resume(String(suspendedId), call)
        }
        if let authId = body?["authId"] {
            guard let authId = authId.string else { throw .badRequest("authId must be a string") }
            return try await continueJourney(authId: authId, callbacks: body?["callbacks"], call)
        }
        let session = call.noSession ? nil : await call.environment.requestSession()
        switch query["authIndexType"] ?? "service" {
        case "service":
            let name = query["authIndexValue"].map(String.init) ?? "Login"
            guard let journey = state.newRun(of: name, realm: realm) else {
                throw .badRequest("No configuration found for journey \(name): the demo AM has \(state.journeyNames(realm: realm).joined(separator: ", "))")
            }
            // As AM: a session that passed this journey already is answered at once; with any other
            // journey the session is upgraded. ForceAuth: a new session, which replaces the old one.
            guard let session else { return try await begin(journey, transaction: nil, use: .create, call) }
            if Self.flag(query["ForceAuth"]) { return try await begin(journey, transaction: nil, use: .replace(tokenId: session.tokenId), call) }
            if session.hasPassed(name) {
                state.logger.debug("demo AM: existing session reused", metadata: ["journey": "\(name)", "user": "\(session.username)"])
                return Self.success(session)
            }
            return try await begin(journey, transaction: nil, use: .upgrade(tokenId: session.tokenId), call)
        case "composite_advice":
            guard let xml = query["authIndexValue"], !xml.isEmpty else {
                throw .badRequest("authIndexType=composite_advice needs the advice XML in authIndexValue")
            }
            let advice = try CompositeAdvice(xml: String(xml))
            let known = Set(state.journeyNames(realm: realm))
            switch try await AdviceJourney.decide(advice, realm: realm, session: session, transactions: state.transactions, known: known) {
            case .satisfied(let session):
                return Self.success(session)
            case .run(let name, let transaction):
                guard let journey = state.newRun(of: name, realm: realm) else { throw .badRequest("The demo AM has no journey \(name)") }
                // A transaction confirmed leaves the session as it was; any other advice upgrades it.
                let use = session.map { transaction != nil ? SessionUse.keep(tokenId: $0.tokenId) : .upgrade(tokenId: $0.tokenId) }
                return try await begin(journey, transaction: transaction, use: use ?? .create, call)
            }
        case let type:
            throw .badRequest("Unsupported authIndexType \(type): the demo AM serves journeys with authIndexType=service or composite_advice")
        }
    }

    /// Starts `run` and answers with its first outcome.
    private func begin(_ run: TreeRun, transaction: TransactionStore.Transaction?, use: SessionUse, _ call: Call) async throws(AMError) -> Response {
        var run = run
        let outcome = await run.begin(transaction: transaction, call.environment)
        return try await answer(outcome, of: run, realm: call.realm, noSession: call.noSession, sessionUse: use, call)
    }

    // MARK: - Steps

    private func continueJourney(authId: String, callbacks: JSONValue?, _ call: Call) async throws(AMError) -> Response {
        guard let otk = state.authIds.otk(of: authId) else { throw .invalidAuthId }
        guard let claim = await state.journeys.take(otk) else { throw .sessionTimedOut }
        let flight = claim.flight
        var run = flight.run
        let outcome: Outcome
        do throws(AMError) {
            guard flight.realm == call.realm else {
                throw .badRequest("This authId belongs to realm \(flight.realm), not \(call.realm)")
            }
            outcome = try await run.next(Answers(callbacks, answering: flight.page), call.environment)
        } catch {
            await state.journeys.putBack(claim)
            throw error
        }
        return try await answer(outcome, of: run, realm: flight.realm, noSession: flight.noSession || call.noSession, sessionUse: flight.sessionUse, call)
    }

    private func resume(_ suspendedId: String, _ call: Call) async throws(AMError) -> Response {
        guard let suspension = await state.journeys.resume(suspendedId, realm: call.realm) else { throw .suspendedTokenNotFound }
        var run = suspension.run
        let outcome = await run.resume(call.environment)
        return try await answer(outcome, of: run, realm: suspension.realm, noSession: suspension.noSession || call.noSession,
                                sessionUse: suspension.sessionUse, call)
    }

    /// What a step of `run` came to, as AM answers it: the next page, a session, a failure, or a
    /// page while the run waits for its resume link.
    private func answer(_ outcome: Outcome, of run: TreeRun, realm: String, noSession: Bool, sessionUse: SessionUse,
                        _ call: Call) async throws(AMError) -> Response {
        let journey = run.identity
        switch outcome {
        case .page(let page):
            return await show(page, run: run, realm: realm, noSession: noSession, sessionUse: sessionUse)
        case .success(let username):
            return await succeed(username: username, journey: journey, realm: realm, noSession: noSession || run.endsWithoutSession,
                                 sessionUse: sessionUse, successURL: run.successURL.map(JSONValue.string) ?? Self.successURL)
        case .failure:
            state.logger.debug("demo AM: journey failed", metadata: ["journey": "\(journey.name)"])
            throw .loginFailure
        case .refused(let reason):
            state.logger.debug("demo AM: journey refused", metadata: ["journey": "\(journey.name)", "reason": "\(reason)"])
            throw .nodeRefused(reason)
        case .suspend(let page, let mail):
            let suspension = JourneyStore.Suspension(run: run, realm: realm, noSession: noSession, sessionUse: sessionUse)
            let suspendedId = await state.journeys.suspend(suspension)
            // As AM's email suspend node writes the link: the journey too, so a client can name it.
            let query = [("realm", realm), ("authIndexType", "service"), ("authIndexValue", journey.name), ("suspendedId", suspendedId)]
                .map { "\($0.0)=\(Self.queryValue($0.1))" }.joined(separator: "&")
            let resumeURL = "\(call.baseURL)/XUI/?\(query)"
            if let mail {
                let email = DemoEmail(to: mail.to, sentAt: Date(), subject: mail.subject, resumeURL: resumeURL)
                await state.sentMail.record(email)
                state.logger.info("email to \(email.to): \(email.resumeURL)")
            } else {
                state.logger.info("demo AM: \(journey.name) suspended with no address to email the link to")
            }
            return await show(page, run: run, realm: realm, noSession: noSession, sessionUse: sessionUse)
        }
    }

    /// Parks the journey and answers with the page under a new `authId`.
    private func show(_ page: Page, run: TreeRun, realm: String, noSession: Bool, sessionUse: SessionUse) async -> Response {
        let otk = await state.journeys.park(JourneyStore.Flight(run: run, page: page, realm: realm, noSession: noSession, sessionUse: sessionUse))
        let authId = state.authIds.issue(otk: otk, journey: run.identity.name, realm: realm, lifetime: state.configuration.journeyTimeout)
        return .json(page.body(authId: authId))
    }

    private func succeed(
        username: String, journey: JourneyIdentity, realm: String, noSession: Bool, sessionUse: SessionUse, successURL: JSONValue = successURL
    ) async -> Response {
        state.logger.debug("demo AM: journey succeeded", metadata: ["journey": "\(journey.name)", "user": "\(username)"])
        if noSession {
            return .json(.object([("successUrl", successURL), ("realm", .string(realm))]))
        }
        if let session = await existingSession(of: username, sessionUse, journey: journey) {
            return Self.success(session, successURL: successURL)
        }
        return Self.success(await state.directory.createSession(username: username, realm: realm, journey: journey), successURL: successURL)
    }

    /// The session the journey started with, upgraded or kept as `use` says, when it is still live
    /// and belongs to the user who succeeded; `nil` when a new session is needed (after ending the
    /// old one of that user, for `ForceAuth`).
    private func existingSession(of username: String, _ use: SessionUse, journey: JourneyIdentity) async -> Session? {
        switch use {
        case .create:
            return nil
        case .replace(let tokenId):
            if let old = await state.directory.session(tokenId: tokenId), old.username.lowercased() == username.lowercased() {
                _ = await state.directory.endSession(tokenId: tokenId)
            }
            return nil
        case .keep(let tokenId), .upgrade(let tokenId):
            guard let session = await state.directory.session(tokenId: tokenId), session.username.lowercased() == username.lowercased() else {
                return nil
            }
            guard case .upgrade = use else { return session }
            return await state.directory.upgrade(tokenId: tokenId, journey: journey)
        }
    }

    /// `{"tokenId","successUrl","realm"}` and the realm's session cookie.
    private static func success(_ session: Session, successURL: JSONValue = successURL) -> Response {
        var response = Response.json(.object([("tokenId", .string(session.tokenId)), ("successUrl", successURL), ("realm", .string(session.realm))]))
        let cookieName = DemoAM.sessionCookieName(forRealm: session.realm)
        response.headers.append(HTTPField(name: .setCookie, value: "\(cookieName)=\(session.tokenId); Path=/; HttpOnly"))
        return response
    }

    // MARK: - Request parts

    /// A query value as a link carries it: `/` kept, `&`, `=`, `+`, `#` and spaces encoded.
    private static func queryValue(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+#"))) ?? text
    }

    private static func flag(_ value: Substring?) -> Bool {
        value?.lowercased() == "true"
    }

    /// The body as a JSON object; `nil` when it is empty (a first request).
    private static func readBody(_ request: Request) async throws(AMError) -> JSONValue? {
        guard let body = try await request.jsonBody() else { return nil }
        guard case .object = body else {
            throw .badRequest("The request body must be a JSON object: empty or {} to start a journey, or the previous step with its inputs filled in")
        }
        return body
    }
}
