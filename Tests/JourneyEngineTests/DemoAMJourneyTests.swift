import DemoAM
import Foundation
import Hummingbird
import JourneyEngine
import Orchestrate
import TestPorts
import Testing

/// The engine against the demo AM over real HTTP on loopback.
struct DemoAMJourneyTests {
    /// Answers a step from `PROMPT=VALUE` pairs, as `journey login --answer` does.
    static func answer(_ step: JourneyStep, _ assignments: [String]) throws -> JourneyStep {
        var book = AnswerBook()
        for assignment in assignments { try book.add(assignment) }
        var answered = step
        var questionsAsked = 0
        for index in answered.callbacks.indices {
            let callback = answered.callbacks[index]
            if case .kbaCreate(let kba) = callback.kind {
                // Each security question of the page takes the next predefined one: no question twice.
                let question = kba.predefinedQuestions[questionsAsked % kba.predefinedQuestions.count]
                questionsAsked += 1
                try answered.callbacks[index].answer(.kba(
                    question: question, answer: try #require(book.value(for: callback, role: "answer", question: question))))
            } else if let text = book.value(for: callback) {
                try answered.callbacks[index].answer(AnswerParser.answer(text, for: callback))
            }
        }
        return answered
    }

    static let demoLogin = ["User Name=demo", "Password=Demo-pass1"]

    func withDemo(_ configuration: DemoAMConfiguration = DemoAMConfiguration(port: 0),
                  _ body: (DemoAM, ServerConfiguration) async throws -> Void) async throws {
        let demo = try await DemoAM.start(configuration)
        do {
            try await body(demo, try ServerConfiguration(url: demo.baseURL))
        } catch {
            await demo.stop()
            throw error
        }
        await demo.stop()
    }

    @Test func loginSucceedsAndTheCookieJarHoldsAMsCookies() async throws {
        try await withDemo { _, server in
            let client = JourneyClient(server: server)
            var stages: [String?] = []
            let success = try await client.walk(JourneyRequest(.journey("Login"))) { step in
                stages.append(step.stage)
                return try Self.answer(step, Self.demoLogin)
            }
            #expect(stages == ["UsernamePassword"])
            let token = try #require(success.tokenId)
            #expect(success.realm == "/")
            let jar = await client.cookieJar
            #expect(jar.cookie(named: "iPlanetDirectoryPro")?.value == token)
            #expect(jar.cookie(named: "amlbcookie") != nil)
        }
    }

    @Test func wrongPasswordIsAnAuthenticationFailure() async throws {
        try await withDemo { _, server in
            let client = JourneyClient(server: server)
            await #expect {
                _ = try await client.walk(JourneyRequest(.journey("Login"))) { step in
                    try Self.answer(step, ["User Name=demo", "Password=nope"])
                }
            } throws: { error in
                (error as? JourneyError)?.isAuthenticationFailure == true
                    && (error as? JourneyError)?.description == "Authentication failed: Login failure."
            }
        }
    }

    @Test func secondFactorWithAComputedTOTP() async throws {
        try await withDemo { _, server in
            let client = JourneyClient(server: server)
            var stages: [String?] = []
            let success = try await client.walk(JourneyRequest(.journey("SecondFactor"))) { step in
                stages.append(step.stage)
                let code = try #require(TOTP.code(secret: "JBSWY3DPEHPK3PXP"))
                return try Self.answer(step, Self.demoLogin + ["Choose a second factor=Authenticator app", "Enter verification code=\(code)"])
            }
            #expect(stages == ["UsernamePassword", "SecondFactorChoice", "OneTimePassword"])
            #expect(success.tokenId != nil)
        }
    }

    @Test func aWrongOneTimeCodeAsksAgainAndAllowsARetry() async throws {
        try await withDemo { _, server in
            let client = JourneyClient(server: server)
            var otpPages = 0
            _ = try await client.walk(JourneyRequest(.journey("SecondFactor"))) { step in
                var codes = Self.demoLogin
                if step.stage == "OneTimePassword" {
                    otpPages += 1
                    codes.append("Enter verification code=" + (otpPages == 1 ? "000000" : try #require(TOTP.code(secret: "JBSWY3DPEHPK3PXP"))))
                }
                return try Self.answer(step, codes + ["Choose a second factor=Authenticator app"])
            }
            #expect(otpPages == 2)
        }
    }

    @Test func registrationWithAValidateOnlyRoundAndAFailedPolicy() async throws {
        try await withDemo { _, server in
            let client = JourneyClient(server: server)
            let good = ["Username=newbie", "First Name=New", "Last Name=Bie", "Email Address=newbie@example.com",
                        "Password=Str0ngPass", "What's your favorite color?=teal", "Who was your first employer?=Acme", "terms=yes"]
            var round = 0
            var failures: [String] = []
            let success = try await client.walk(JourneyRequest(.journey("Registration"))) { step in
                round += 1
                if round == 1 {
                    var probe = try Self.answer(step, ["Username=demo", "Password=short"] + good.dropFirst().filter { !$0.hasPrefix("Password") })
                    for index in probe.callbacks.indices where probe.callbacks[index].input(role: "validateOnly") != nil {
                        try probe.callbacks[index].answer(.validateOnly(true))
                    }
                    return probe
                }
                if round == 2 {
                    for callback in step.callbacks {
                        if case .validatedUsername(let field) = callback.kind { failures += field.failedPolicies.map(\.policy.requirement) }
                        if case .validatedPassword(let field) = callback.kind { failures += field.failedPolicies.map(\.policy.requirement) }
                    }
                    #expect(step.stage == "Registration")
                }
                return try Self.answer(step, good)
            }
            #expect(failures.contains("UNIQUE"))
            #expect(failures.contains("MIN_LENGTH"))
            #expect(round == 2)
            #expect(success.tokenId != nil)
            let login = try await JourneyClient(server: server).walk(JourneyRequest(.journey("Login"))) { step in
                try Self.answer(step, ["User Name=newbie", "Password=Str0ngPass"])
            }
            #expect(login.tokenId != nil)
        }
    }

    @Test func pollingResubmitsUntilApproved() async throws {
        let configuration = DemoAMConfiguration(port: 0, pushApprovalDelay: .milliseconds(700))
        try await withDemo(configuration) { _, server in
            let client = JourneyClient(server: server)
            var polls = 0
            let started = ContinuousClock.now
            let success = try await client.walk(JourneyRequest(.journey("PushApproval"))) { step in
                if step.pollingDelay != nil {
                    polls += 1
                    #expect(step.pollingDelay == .seconds(1))
                    return nil
                }
                return try Self.answer(step, ["User Name=alice"])
            }
            // The polling page only succeeds when resubmitted after the approval delay.
            #expect(polls >= 1)
            #expect(ContinuousClock.now - started >= .milliseconds(700))
            #expect(success.tokenId != nil)
        }
    }

    @Test func cancellingAPollingStepEndsTheJourney() async throws {
        let configuration = DemoAMConfiguration(port: 0, pushApprovalDelay: .seconds(30))
        try await withDemo(configuration) { _, server in
            let client = JourneyClient(server: server)
            await #expect(throws: JourneyError.self) {
                _ = try await client.walk(JourneyRequest(.journey("PushApproval"))) { step in
                    guard step.pollingDelay != nil else { return try Self.answer(step, ["User Name=alice"]) }
                    var cancel = step
                    let index = try #require(cancel.callbacks.firstIndex { if case .confirmation = $0.kind { true } else { false } })
                    try cancel.callbacks[index].answer(.index(0))
                    return cancel
                }
            }
        }
    }

    @Test func anExpiredAuthIdIsError110AndARestartWorks() async throws {
        // Long enough that the restarted journey finishes inside it on a loaded machine.
        try await withDemo(DemoAMConfiguration(port: 0, journeyTimeout: .seconds(2))) { _, server in
            let client = JourneyClient(server: server)
            await #expect {
                _ = try await client.walk(JourneyRequest(.journey("Login"))) { step in
                    try await Task.sleep(for: .milliseconds(2500))
                    return try Self.answer(step, Self.demoLogin)
                }
            } throws: { error in
                guard case .journeyTimedOut(let body) = error as? JourneyError else { return false }
                return body.errorCode == "110"
            }
            let success = try await client.walk(JourneyRequest(.journey("Login"))) { step in try Self.answer(step, Self.demoLogin) }
            #expect(success.tokenId != nil)
        }
    }

    @Test func noSessionEndsWithoutATokenOrCookie() async throws {
        try await withDemo { _, server in
            let client = JourneyClient(server: server)
            let success = try await client.walk(JourneyRequest(.journey("Login"), noSession: true)) { step in
                try Self.answer(step, Self.demoLogin)
            }
            #expect(success.tokenId == nil)
            #expect(success.successUrl != nil)
            #expect(await client.cookieJar.cookie(named: "iPlanetDirectoryPro") == nil)
        }
    }

    @Test func anExistingSessionIsReusedUnlessForceAuth() async throws {
        try await withDemo { _, server in
            let client = JourneyClient(server: server)
            let first = try await client.walk(JourneyRequest(.journey("Login"))) { step in try Self.answer(step, Self.demoLogin) }
            var asked = false
            let again = try await client.walk(JourneyRequest(.journey("Login"))) { step in
                asked = true
                return try Self.answer(step, Self.demoLogin)
            }
            #expect(!asked, "the session cookie went back to AM, which short-circuits the journey")
            #expect(again.tokenId == first.tokenId)
            let forced = try await client.walk(JourneyRequest(.journey("Login"), forceAuth: true)) { step in
                try Self.answer(step, Self.demoLogin)
            }
            #expect(forced.tokenId != first.tokenId)
        }
    }

    @Test func localeChangesThePrompts() async throws {
        try await withDemo { demo, _ in
            let client = JourneyClient(server: try ServerConfiguration(url: demo.baseURL, locale: "fr"))
            var prompts: [String] = []
            _ = try await client.walk(JourneyRequest(.journey("Login"))) { step in
                prompts = step.callbacks.map(\.label)
                return try Self.answer(step, ["Nom d'utilisateur=demo", "Mot de passe=Demo-pass1"])
            }
            #expect(prompts == ["Nom d'utilisateur", "Mot de passe"])
        }
    }

    @Test func nestedRealmReachesTheSubRealm() async throws {
        try await withDemo { demo, _ in
            let client = JourneyClient(server: try ServerConfiguration(url: demo.baseURL, realm: Realm("/alpha")))
            let success = try await client.walk(JourneyRequest(.journey("Login"))) { step in try Self.answer(step, Self.demoLogin) }
            #expect(success.realm == "/alpha")
        }
    }

    @Test func suspendedJourneyResumesFromTheEmailedLinkOnce() async throws {
        try await withDemo { demo, server in
            let client = JourneyClient(server: server)
            var suspendedMessage: String?
            await #expect(throws: JourneyError.cancelled) {
                _ = try await client.walk(JourneyRequest(.journey("MagicLink"))) { step in
                    if step.isSuspended {
                        suspendedMessage = step.callbacks.first?.outputs.string("message")
                        return nil
                    }
                    return try Self.answer(step, ["User Name=demo"])
                }
            }
            #expect(suspendedMessage?.contains("email") == true)
            let link = try #require(await demo.outbox().last?.resumeURL)
            let id = try ResumeLink(link: link).suspendedId
            let success = try await client.walk(JourneyRequest(.resume(ResumeLink(suspendedId: id)))) { step in try Self.answer(step, []) }
            #expect(success.tokenId != nil)
            await #expect {
                _ = try await client.walk(JourneyRequest(.resume(ResumeLink(suspendedId: id)))) { step in step }
            } throws: { error in
                if case .suspendedLinkExpired = error as? JourneyError { return true }
                return false
            }
        }
    }

    @Test func malformedBodiesAndServerErrorsAreReportedClearly() async throws {
        let cases: [(Hummingbird.HTTPResponse.Status, String, String)] = [
            (.ok, "<html>proxy login page</html>", "not JSON"),
            (.badGateway, "<html>Bad gateway</html>", "HTTP 502"),
            (.ok, #"{"authId":"x","callbacks":"nope"}"#, "no callbacks array"),
        ]
        for (status, body, expected) in cases {
            let server = try await LoopbackServer.start(status: status, body: body)
            let client = JourneyClient(server: try ServerConfiguration(url: server.baseURL))
            do {
                _ = try await client.walk(JourneyRequest(.journey("Login"))) { $0 }
                Issue.record("\(body) was accepted")
            } catch let error as JourneyError {
                #expect(error.description.contains(expected), "\(error.description)")
            }
            await server.stop()
        }
    }

    @Test func aRefusedConnectionNamesTheURL() async throws {
        // A port bound without listening: refused for as long as `closed` lives, and no other
        // test's server can take it meanwhile.
        let closed = ClosedPort()
        let port = closed.port
        let client = JourneyClient(server: try ServerConfiguration(url: "http://127.0.0.1:\(port)/am"))
        await #expect {
            _ = try await client.walk(JourneyRequest(.journey("Login"))) { $0 }
        } throws: { error in
            guard case .transport(.connectionRefused(let url)) = error as? JourneyError else { return false }
            return url.contains("127.0.0.1:\(port)") && (error as? JourneyError)?.description.contains("refused") == true
        }
    }

    @Test func aSlowServerTimesOutWithTheConfiguredLimit() async throws {
        let server = try await LoopbackServer.start(status: .ok, body: "{}", delay: .seconds(1))
        let client = JourneyClient(server: try ServerConfiguration(url: server.baseURL, timeout: .milliseconds(300)))
        await #expect {
            _ = try await client.walk(JourneyRequest(.journey("Login"))) { $0 }
        } throws: { error in
            guard case .transport(.timedOut(_, let after)) = error as? JourneyError else { return false }
            return after == .milliseconds(300)
        }
        await server.stop()
    }
}
