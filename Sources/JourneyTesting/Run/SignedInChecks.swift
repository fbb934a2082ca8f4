import Foundation
import JourneyEngine
import Orchestrate

/// What is checked once the journey signed in: the claims of the tokens the session gets
/// (`expect.claims`) and a call to a protected API with the instance's credentials
/// (`expect.request`), answering the step-up or transaction pages it meets.
struct SignedInChecks {
    let prepared: PreparedCase
    let client: JourneyClient
    let instance: ClientInstance
    let oauth: OAuthConfiguration?
    let secrets: SecretValues

    func failures(after success: LoginSuccess) async -> [TestFailure] {
        guard !prepared.test.expect.claims.isEmpty || prepared.test.expect.request != nil else { return [] }
        guard let tokenId = success.tokenId else {
            return [TestFailure(step: nil, expectation: "outcome", expected: "a session, for claims and request", got: "no session (noSession)")]
        }
        do {
            try instance.save(StoredSession(success: success, userName: nil), on: client.server)
        } catch {
            return [TestFailure(step: nil, expectation: "outcome", expected: "a session kept in memory", got: "\(error)")]
        }
        let oauth = self.oauth.map { OAuthClient(client: client, configuration: $0, endpoints: .standard(for: client.server)) }
        // With an OAuth client the session gets tokens, as `journey login` gets them.
        var tokens: OAuthTokens?
        if let oauth {
            do {
                tokens = try await SignInService(instance: instance, server: client.server, oauth: oauth).fetchTokens(for: tokenId).tokens
            } catch {
                let ending: CaseEnding = if case .oauth(let oauthError) = error { CaseEnding(oauthError) } else { .error(error.description) }
                return [TestFailure(step: nil, expectation: "outcome", expected: "OAuth tokens for the session", got: TerminalText.line(error.description),
                                    ending: ending)]
            }
        }
        [tokens?.accessToken, tokens?.refreshToken, tokens?.idToken].compactMap { $0 }.forEach(secrets.note)
        var failures: [TestFailure] = []
        if !prepared.test.expect.claims.isEmpty {
            failures += ClaimCheck.failures(prepared.test.expect.claims, tokens: tokens)
        }
        if failures.isEmpty, let request = prepared.test.expect.request {
            failures += await requestFailures(request, oauth: oauth)
        }
        return failures
    }

    func requestFailures(_ request: RequestExpectation, oauth: OAuthClient?) async -> [TestFailure] {
        let urlText = request.url.render(in: prepared.scope, secrets: secrets)
        guard let url = URL(string: urlText), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme) else {
            return [TestFailure(step: nil, expectation: "request.url", expected: "an http or https URL", got: TerminalText.line(urlText))]
        }
        let body = request.body.map { Data($0.render(in: prepared.scope, secrets: secrets).utf8) }
        let headers = body.map { (try? JSONValue.parse($0)) != nil ? [HTTPHeader("Content-Type", "application/json")] : [] } ?? []
        let call = ResourceCall(method: request.method, url: url, headers: headers, body: body)
        let runner = ResourceRunner(instance: instance, client: client, oauth: oauth, signInJourney: prepared.options.authServiceName,
                                    enablesCookies: prepared.options.enableCookie)
        var walkProblem: TestFailure?
        var lastHop: ResourceHop?
        let outcome = await runner.run(call, walk: { journey in
            do {
                return .success(try await client.walk(journey) { original in
                    var step = original
                    try PageAnswers.fill(&step, from: PageAnswers.book(request.answers, scope: prepared.scope, secrets: secrets), secrets: secrets)
                    return step
                })
            } catch let error as JourneyError {
                return .failure(error)
            } catch let problem as PageAnswers.Problem {
                walkProblem = TestFailure(step: nil, expectation: "request.\(problem.expectation)", expected: problem.expected, got: problem.got)
                return .failure(.cancelled)
            } catch {
                return .failure(.cancelled)
            }
        }, report: { lastHop = $0 })
        if let walkProblem { return [walkProblem] }
        switch outcome {
        case .answered(let response):
            let fits = request.status.map { $0 == response.status } ?? (200..<300).contains(response.status)
            guard !fits else { return [] }
            // A server error is the server failing, whatever status the test named; another status is a mismatch.
            let ending: CaseEnding? = response.status >= 500 ? .httpStatus(response.status, "the API answered \(response.status)") : nil
            return [TestFailure(step: nil, expectation: "request.status", expected: request.status.map(String.init) ?? "2xx",
                                got: "\(response.status)", details: ["the API answered: \(TerminalText.excerpt(of: response.body))"], ending: ending)]
        case .challenged:
            return [TestFailure(step: nil, expectation: "request.status", expected: request.status.map(String.init) ?? "2xx",
                                got: "a challenge it could not answer", details: lastHop.map { [TerminalText.line($0.conclusion)] } ?? [])]
        case .failed(let message, let cause):
            return [TestFailure(step: nil, expectation: "request", expected: "an answer from the API", got: TerminalText.line(message),
                                ending: cause.map(CaseEnding.init) ?? .error(message))]
        }
    }
}
