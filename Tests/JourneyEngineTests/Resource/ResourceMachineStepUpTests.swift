import Foundation
import JourneyEngine
import Orchestrate
import Testing

/// `ResourceMachine` as scripts: plain answers, RFC 9470 step-ups and the RFC 6750 token
/// challenges, each answered by hand-made responses.
struct ResourceMachineStepUpTests {
    private typealias Script = ResourceScript

    @Test func theFirstRequestCarriesTheCredentialAndAsksForAdviceInAHeader() throws {
        var machine = Script.machine(ResourceCall(method: "POST", url: Script.url, headers: [HTTPHeader("X-Custom", "1")], body: Data("{}".utf8)))
        let request = try Script.started(&machine)
        #expect(request.method == "POST" && request.url == Script.url && request.body == Data("{}".utf8))
        #expect(request.header("Authorization") == "Bearer at-old")
        #expect(request.header("X-Custom") == "1")
        #expect(request.header("x-authenticate-response") == "header")

        var bySession = Script.machine(ResourceCall(url: Script.url, asksForAdviceHeader: false), credential: Script.session)
        let sessionRequest = try Script.started(&bySession)
        #expect(sessionRequest.header("Cookie") == "iPlanetDirectoryPro=sso-old")
        #expect(sessionRequest.header("Authorization") == nil)
        #expect(sessionRequest.header("x-authenticate-response") == nil)

        var anonymous = Script.machine(credential: .none)
        let bare = try Script.started(&anonymous)
        #expect(bare.header("Authorization") == nil && bare.header("Cookie") == nil)
    }

    @Test func anAnswerThatIsNoChallengeEndsTheCall() throws {
        var machine = Script.machine()
        _ = try Script.started(&machine)
        #expect(machine.received(Script.ok) == .finished(.answered(Script.ok)))
        #expect(machine.hops.count == 1)
        #expect(machine.hops[0].conclusion.hasPrefix("200: success"))
        #expect(machine.hops[0].next.isEmpty)

        // A refusal that asks nothing is an answer too.
        var refused = Script.machine()
        _ = try Script.started(&refused)
        let notFound = Script.response(404, body: #"{"error":"not_found"}"#)
        #expect(refused.received(notFound) == .finished(.answered(notFound)))
    }

    @Test func aStepUpWithAcrWalksThatJourneyThenGetsTokensCarryingItAndRetries() throws {
        var machine = Script.machine()
        let first = try Script.started(&machine)
        #expect(machine.received(Script.stepUp(maxAge: 300)) == .walk(JourneyRequest(.journey("StepUp"))))
        #expect(machine.hops[0].conclusion.contains("insufficient_user_authentication"))
        #expect(machine.hops[0].next.contains("StepUp"))
        let renew = machine.journeyEnded(.success(Script.signedIn), journey: "StepUp")
        #expect(renew == .renewTokens(TokenRequirements(acrValues: ["StepUp"], maxAge: 300)))
        let retry = try Script.request(in: machine.tokensRenewed(.success("at-new"), summary: "auth_level 0 → 2"))
        #expect(retry.header("Authorization") == "Bearer at-new")
        #expect(retry.headers.filter { $0.name.lowercased() == "authorization" }.count == 1)
        #expect(retry.url == first.url && retry.method == first.method)
        #expect(machine.credential == .bearer(accessToken: "at-new"))
        #expect(machine.received(Script.ok) == .finished(.answered(Script.ok)))
        #expect(Script.kinds(machine) == [.exchange, .journey, .tokens, .exchange])
        #expect(machine.hops[2].conclusion == "auth_level 0 → 2")
    }

    @Test func aStepUpWithoutAcrSignsInAgainWithForceAuth() throws {
        var machine = Script.machine()
        _ = try Script.started(&machine)
        #expect(machine.received(Script.stepUp(acr: nil, maxAge: 60)) == .walk(JourneyRequest(.journey("Login"), forceAuth: true)))
        #expect(machine.hops[0].next.contains("Login (ForceAuth)"))
        #expect(machine.journeyEnded(.success(Script.signedIn), journey: "Login") == .renewTokens(TokenRequirements(maxAge: 60)))
    }

    @Test func aSessionCallStepsUpWithoutTokensAndRetriesWithTheSession() throws {
        var machine = Script.machine(credential: Script.session)
        let first = try Script.started(&machine)
        #expect(machine.received(Script.stepUp()) == .walk(JourneyRequest(.journey("StepUp"))))
        let retry = try Script.request(in: machine.journeyEnded(.success(Script.signedIn), journey: "StepUp"))
        #expect(retry.url == first.url)
        #expect(machine.credential == .session(cookieName: "iPlanetDirectoryPro", ssoToken: "sso-new"))
        #expect(Script.kinds(machine) == [.exchange, .journey])
        // When AM\'s step-up hands back a new session, the retry presents it.
        #expect(retry.header("Cookie") == "iPlanetDirectoryPro=sso-new")
    }

    @Test func aMissingScopeTheInstanceAsksForGetsNewTokens() throws {
        var machine = Script.machine(scopes: ["openid", "WRITE_TRANSACTION"])
        _ = try Script.started(&machine)
        #expect(machine.received(Script.insufficientScope("WRITE_TRANSACTION")) == .renewTokens(TokenRequirements()))
        let retry = try Script.request(in: machine.tokensRenewed(.success("at-new"), summary: "scope openid → openid WRITE_TRANSACTION"))
        #expect(retry.header("Authorization") == "Bearer at-new")
        #expect(Script.kinds(machine) == [.exchange, .tokens])
    }

    @Test func aMissingScopeOutsideTheConfiguredOnesStops() throws {
        let challenge = Script.insufficientScope("WRITE_TRANSACTION")
        var machine = Script.machine()
        _ = try Script.started(&machine)
        #expect(machine.received(challenge) == .finished(.challenged(ResourceChallenge.classify(challenge))))
        #expect(machine.hops[0].next.contains("asks only for \"openid profile\""))
        #expect(machine.hops[0].next.contains("WRITE_TRANSACTION"))

        // Even a configured scope needs a token to renew.
        var bySession = Script.machine(credential: Script.session, scopes: ["WRITE_TRANSACTION"])
        _ = try Script.started(&bySession)
        #expect(bySession.received(challenge) == .finished(.challenged(ResourceChallenge.classify(challenge))))
        #expect(!bySession.hops[0].next.contains("asks only for"), "\(bySession.hops[0].next)")
        #expect(bySession.hops[0].next.contains("presented the SSO session"))
    }

    @Test func aRefusedTokenIsRenewedAndARefusedSessionStops() throws {
        let invalid = Script.response(401, [("WWW-Authenticate", #"Bearer error="invalid_token", error_description="expired""#)])
        var machine = Script.machine()
        _ = try Script.started(&machine)
        #expect(machine.received(invalid) == .renewTokens(TokenRequirements()))
        #expect(machine.hops[0].conclusion.contains("invalid_token") && machine.hops[0].conclusion.contains("expired"))

        let bare = Script.response(401, [("WWW-Authenticate", "Bearer")])
        for credential in [Script.session, ResourceCredential.none] {
            var withoutToken = Script.machine(credential: credential)
            _ = try Script.started(&withoutToken)
            #expect(withoutToken.received(bare) == .finished(.challenged(.invalidToken(BearerChallenge()))))
            #expect(withoutToken.hops[0].next.contains("holds no access token"))
        }
    }
}
