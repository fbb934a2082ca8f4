import DaVinci
import DemoPingOne
import Foundation
import Orchestrate
import Synchronization
import Testing

/// DaVinci flows against the demo PingOne over HTTP on loopback.
@Suite struct DemoPingOneFlowTests {
    static let demoSignOn: [String: CollectorValue] = ["username": .text("demo"), "password": .password("Demo-pass1", confirmation: "")]

    @Test func signOnEndsWithTokensExchangedWithTheVerifier() async throws {
        try await DaVinciDemo.with { demo in
            let client = demo.client()
            let endpoints = try await client.discover()
            var forms: [String] = []
            let (minted, flow) = try await client.walk(endpoints) { step in
                forms.append(step.formName)
                #expect(step.collectors.map(\.type) == ["LABEL", "ERROR_DISPLAY", "TEXT", "PASSWORD", "SUBMIT_BUTTON", "FLOW_LINK", "FLOW_LINK",
                                                         "SOCIAL_LOGIN_BUTTON"])
                return (step.filled(Self.demoSignOn), nil)
            }
            #expect(forms == ["Sign On"])
            #expect(!minted.tokens.accessToken.isEmpty && minted.tokens.refreshToken != nil && minted.tokens.idToken != nil)
            let jar = await client.connection.cookieJar
            #expect(jar.cookie(named: "ST") != nil, "PingOne's session cookie is in the instance's own jar")
            let oauth = client.oauth(flow.endpoints)
            let claims = try await oauth.userinfo(minted.tokens)
            #expect(claims["preferred_username"]?.stringValue == "demo" && claims["email"]?.stringValue == "demo@example.com")
            #expect(minted.claims?.trust == .verified, "the ID token checks out against the environment's JWKS, with the run's nonce")
        }
    }

    @Test func aWrongPasswordKeepsTheFormWithTheFieldsMessage() async throws {
        try await DaVinciDemo.with { demo in
            let client = demo.client()
            var seen: [DaVinciStep] = []
            _ = try await client.walk(try await client.discover()) { step in
                seen.append(step)
                let password = seen.count == 1 ? "wrong" : "Demo-pass1"
                return (step.filled(["username": .text("demo"), "password": .password(password, confirmation: "")]), nil)
            }
            #expect(seen.count == 2)
            #expect(seen[1].formName == "Sign On" && seen[1].fieldMessages["password"] == ["The provided password did not match provisioned password"])
            #expect(seen[1].formMessage == "Invalid username and/or password")
            #expect(seen[1].collectors.first { $0.key == "username" }?.value == .text("demo"), "the typed values are kept")
            #expect(seen[1].collectors.first { $0.key == "password" }?.value == .password("", confirmation: ""), "but not the password")
        }
    }

    @Test func aOneTimeCodeStepTakesTheCodeFromTheOutbox() async throws {
        try await DaVinciDemo.with { demo in
            let client = demo.client()
            var forms: [String] = []
            let (minted, _) = try await client.walk(try await client.discover()) { step in
                forms.append(step.formName)
                if step.formName == "One-time code" {
                    return (step.filled(["otp": .text(await demo.lastCode() ?? "")]), nil)
                }
                return (step.filled(["username": .text("alice"), "password": .password("Alice-pass1", confirmation: "")]), nil)
            }
            #expect(forms == ["Sign On", "One-time code"])
            #expect(!minted.tokens.accessToken.isEmpty)
        }
    }

    @Test func changedTermsAreAcceptedWithASingleCheckboxSentAsABoolean() async throws {
        try await DaVinciDemo.with { demo in
            let client = demo.client()
            let bob: [String: CollectorValue] = ["username": .text("bob"), "password": .password("Bob-pass1", confirmation: "")]
            var seen: [DaVinciStep] = []
            let (minted, _) = try await client.walk(try await client.discover()) { step in
                seen.append(step)
                switch (step.formName, seen.count) {
                case ("Sign On", _): return (step.filled(bob), nil)
                case (_, 2): return (step, nil)   // left unticked: PingOne refuses it
                default: return (step.filled(["acceptTerms": .checked(true)]), nil)
                }
            }
            #expect(seen.map(\.formName) == ["Sign On", "Terms of use", "Terms of use"])
            #expect(seen[1].collectors.map(\.kind).prefix(2) == [.checkbox(errorMessage: "Accept the terms of use to go on."), .checkbox(errorMessage: nil)])
            #expect(seen[1].problem()?.message == "Accept the terms of use to go on.", "a required box is checked before sending")
            #expect(seen[2].fieldMessages["acceptTerms"] == ["The terms of use must be accepted"])
            #expect(!minted.tokens.accessToken.isEmpty)
            // Accepted once, the terms are not asked for again.
            var forms: [String] = []
            _ = try await client.walk(try await client.discover()) { step in
                forms.append(step.formName)
                return (step.filled(bob), nil)
            }
            #expect(forms == ["Sign On"])
        }
    }

    @Test func anAuthenticatorsQRCodeIsReadAndItsSeedIsHiddenInTraces() async throws {
        try await DaVinciDemo.with { demo in
            let exchanges = Mutex<[WireExchange]>([])
            let client = demo.client(wireTap: { exchange in exchanges.withLock { $0.append(exchange) } })
            var seen: [DaVinciStep] = []
            let (minted, _) = try await client.walk(try await client.discover()) { step in
                seen.append(step)
                return (step.filled(["username": .text("carol"), "password": .password("Carol-pass1", confirmation: "")]), nil)
            }
            #expect(seen.map(\.formName) == ["Sign On", "Authenticator app"])
            let qr = try #require(seen.last?.collectors.first { $0.type == "QR_CODE" })
            #expect(qr.kind == .qrCode(scannable: "otpauth://totp/Demo%20PingOne:carol?secret=MFRGGZDFMZTWQ2LK&issuer=Demo%20PingOne",
                                       fallbackText: "MFRGGZDFMZTWQ2LK"))
            #expect(qr.label.isEmpty && qr.formValue == nil, "its content is not a label, and nothing is sent for it")
            #expect(!minted.tokens.accessToken.isEmpty)
            let shown = exchanges.withLock { $0 }.compactMap { exchange in
                exchange.response.map { TracedMessage(response: $0, rules: exchange.rules).body.line }
            }.joined(separator: "\n")
            #expect(shown.contains("QR_CODE") && !shown.contains("MFRGGZDFMZTWQ2LK"), "the seed never reaches a trace")
        }
    }

    @Test func aLockedAccountFailsTheFlow() async throws {
        try await DaVinciDemo.with { demo in
            let client = demo.client()
            await #expect(throws: DaVinciError.failed(message: "The account locked is locked.")) {
                _ = try await client.walk(try await client.discover()) { step in
                    (step.filled(["username": .text("locked"), "password": .password("Locked-pass1", confirmation: "")]), nil)
                }
            }
        }
    }

    @Test func registrationShowsFieldErrorsThenVerifiesTheEmail() async throws {
        try await DaVinciDemo.with { demo in
            let client = demo.client()
            var forms: [String] = []
            var messages: [[String: [String]]] = []
            let (minted, flow) = try await client.walk(try await client.discover()) { step in
                forms.append(step.formName)
                messages.append(step.fieldMessages)
                guard forms.count < 6 else { return nil }
                switch step.formName {
                case "Sign On":
                    return (step, step.index(of: "register"))
                case "Registration" where step.fieldMessages.isEmpty:
                    // Taken username: PingOne refuses it beside the field.
                    return (step.filled(["user.email": .text("new@example.com"), "user.username": .text("alice"), "user.country": .choice("FR"),
                                         "consents": .choices(["terms"]), "user.password": .password("Sturdy-pass9", confirmation: "Sturdy-pass9"),
                                         "user.phone": .phone(countryCode: "FR", number: "612345678")]), nil)
                case "Registration":
                    return (step.filled(["user.username": .text("newcomer"), "user.password": .password("Sturdy-pass9", confirmation: "Sturdy-pass9")]), nil)
                default:
                    return (step.filled(["otp": .text(await demo.lastCode() ?? "")]), nil)
                }
            }
            #expect(forms == ["Sign On", "Registration", "Registration", "One-time code"])
            #expect(messages[2]["user.username"] == ["is unique but a non-unique value is provided"])
            let claims = try await client.oauth(flow.endpoints).userinfo(minted.tokens)
            #expect(claims["preferred_username"]?.stringValue == "newcomer" && claims["phone_number"]?.stringValue == "FR 612345678")
        }
    }

    @Test func registrationCarriesThePasswordPolicy() async throws {
        try await DaVinciDemo.with(acrValues: [DemoPingOne.registrationPolicy]) { demo in
            let client = demo.client()
            await #expect(throws: DaVinciError.cancelled) {
                _ = try await client.walk(try await client.discover()) { step in
                    #expect(step.formName == "Registration")
                    let password = try #require(step.collectors.first { $0.type == "PASSWORD_VERIFY" })
                    guard case .password(let policy?, verify: true) = password.kind else {
                        Issue.record("no policy")
                        return nil
                    }
                    #expect(policy.rules.first == "8 to 255 characters")
                    var weak = step.filled(["user.password": .password("short", confirmation: "short")])
                    #expect(weak.problem()?.message.contains("Email is required") == true)
                    weak = weak.filled(["user.email": .text("a@b.example"), "user.username": .text("x"), "user.country": .choice("CA"),
                                        "consents": .choices(["terms"])])
                    #expect(weak.problem()?.message == "The password needs at least 8 characters. The password needs at least 1 of the digits. "
                        + "The password needs at least 1 of the capital letters.", "every rule the password breaks")
                    return nil
                }
            }
        }
    }

    @Test func anExpiredFlowSaysSoAndStartsAgain() async throws {
        try await DaVinciDemo.with { demo in
            let client = demo.client()
            let endpoints = try await client.discover()
            await #expect {
                _ = try await client.walk(endpoints) { step in
                    await demo.server.pingOne.expireFlows()
                    return (step.filled(Self.demoSignOn), nil)
                }
            } throws: { error in
                (error as? DaVinciError)?.isExpiry == true
            }
            let (minted, _) = try await client.walk(endpoints) { step in (step.filled(Self.demoSignOn), nil) }
            #expect(!minted.tokens.accessToken.isEmpty, "a new run of the flow works")
        }
    }

    @Test func anInteractionPastItsLifetimeIsRefusedAsTimedOut() async throws {
        try await DaVinciDemo.with(DemoPingOneConfiguration(interactionLifetime: .zero)) { demo in
            let client = demo.client()
            await #expect(throws: DaVinciError.expired(message: "Request timed out. Please try again.")) {
                _ = try await client.walk(try await client.discover()) { step in (step.filled(Self.demoSignOn), nil) }
            }
        }
    }

    @Test func anAnswerWithoutTheFlowsCookieIsRefusedAsCode1999() async throws {
        try await DaVinciDemo.with { demo in
            let first = demo.client()
            let endpoints = try await first.discover()
            var flow = DaVinciFlow(configuration: demo.configuration, endpoints: endpoints)
            guard case .present(let step) = flow.received(try await first.send(flow.start())) else { throw DaVinciError.cancelled }
            // Another instance (its own jar, without PingOne's ST cookie) answers the first one's form.
            let other = demo.client()
            let action = flow.received(try await other.send(flow.submission(step.filled(Self.demoSignOn), pressing: nil)))
            guard case .failed(let error) = action else {
                Issue.record("not refused: \(action)")
                return
            }
            #expect(error.isExpiry, "PingOne's 1999 (Unauthorized) ends the flow: \(error)")
        }
    }

    @Test func refreshRevokeAndEndSessionGoToTheEnvironment() async throws {
        try await DaVinciDemo.with { demo in
            let client = demo.client()
            let (minted, flow) = try await client.walk(try await client.discover()) { step in (step.filled(Self.demoSignOn), nil) }
            let oauth = client.oauth(flow.endpoints)
            let refreshed = try await oauth.refresh(minted.tokens)
            #expect(refreshed.accessToken != minted.tokens.accessToken)
            try await oauth.revoke(refreshed)
            await #expect(throws: OAuthError.self) { _ = try await oauth.userinfo(refreshed) }
            let again = try await client.walk(flow.endpoints) { step in (step.filled(Self.demoSignOn), nil) }
            try await oauth.endSession(idToken: try #require(again.minted.tokens.idToken))
            await #expect(throws: OAuthError.self) { _ = try await oauth.refresh(again.minted.tokens) }
        }
    }

    @Test func theCodeIsNotExchangedWithoutTheRightVerifier() async throws {
        try await DaVinciDemo.with { demo in
            let client = demo.client()
            let endpoints = try await client.discover()
            var flow = DaVinciFlow(configuration: demo.configuration, endpoints: endpoints)
            guard case .present(let step) = flow.received(try await client.send(flow.start())) else { throw DaVinciError.cancelled }
            guard case .exchange(let code) = flow.received(try await client.send(flow.submission(step.filled(Self.demoSignOn), pressing: nil))) else {
                throw DaVinciError.cancelled
            }
            let other = DaVinciFlow(configuration: demo.configuration, endpoints: endpoints)
            await #expect {
                _ = try await client.exchange(code: code, of: other)
            } throws: { error in
                guard case .oauth(.server("invalid_grant", let description)) = error as? DaVinciError else { return false }
                return description?.contains("PKCE") == true
            }
        }
    }

    @Test func tracesHideThePasswordAndTheInteractionToken() async throws {
        try await DaVinciDemo.with { demo in
            let exchanges = Mutex<[WireExchange]>([])
            let client = demo.client(wireTap: { exchange in exchanges.withLock { $0.append(exchange) } })
            _ = try await client.walk(try await client.discover()) { step in (step.filled(Self.demoSignOn), nil) }
            let shown = exchanges.withLock { $0 }.map { exchange in
                let request = TracedMessage(request: exchange.request, rules: exchange.rules)
                let response = exchange.response.map { TracedMessage(response: $0, rules: exchange.rules) }
                return ([request.body.line] + request.headers.map(\.value) + [response?.body.line ?? ""]).joined(separator: "\n")
            }.joined(separator: "\n")
            #expect(!shown.contains("Demo-pass1"))
            #expect(shown.contains("\"username\":\"demo\""), "what is not secret stays readable")
            let continueRequest = try #require(exchanges.withLock { $0 }.first { $0.request.method == "POST" })
            let token = try #require(continueRequest.request.header("interactionToken"))
            #expect(!shown.contains(token))
            #expect(exchanges.withLock { $0 }.allSatisfy { $0.request.header("Accept-API-Version") == nil }, "AM's API version is not PingOne's")
        }
    }

    @Test func aOneTimeCodeIsHiddenInTracesLikeAPassword() async throws {
        try await DaVinciDemo.with { demo in
            let exchanges = Mutex<[WireExchange]>([])
            let client = demo.client(wireTap: { exchange in exchanges.withLock { $0.append(exchange) } })
            var code = ""
            _ = try await client.walk(try await client.discover()) { step in
                if step.formName == "One-time code" {
                    code = await demo.lastCode() ?? ""
                    return (step.filled(["otp": .text(code)]), nil)
                }
                return (step.filled(["username": .text("alice"), "password": .password("Alice-pass1", confirmation: "")]), nil)
            }
            let shown = exchanges.withLock { $0 }.map { TracedMessage(request: $0.request, rules: $0.rules).body.line }.joined(separator: "\n")
            #expect(code.count == 6 && !shown.contains(code) && shown.contains("\"otp\":\"‹redacted›\""))
        }
    }

    /// Answers every request with the same form, whose next link is `next`.
    struct SameForm: HTTPTransport {
        let next: String
        func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
            let body = request.url.path.hasSuffix("openid-configuration")
                ? #"{"issuer":"https://p1.example/env/as","authorization_endpoint":"https://p1.example/env/as/authorize","token_endpoint":"https://p1.example/env/as/token","revocation_endpoint":"https://p1.example/env/as/revoke","userinfo_endpoint":"https://p1.example/env/as/userinfo","end_session_endpoint":"https://p1.example/env/as/signoff","jwks_uri":"https://p1.example/env/as/jwks"}"#
                : #"{"id":"n","interactionId":"i","_links":{"next":{"href":"\#(next)"}},"form":{"name":"Again","components":{"fields":[{"type":"SUBMIT_BUTTON","key":"submit","label":"Go"}]}}}"#
            return HTTPResponse(status: 200, headers: [], body: Data(body.utf8))
        }
    }

    static let offline = try! DaVinciConfiguration(discoveryEndpoint: "https://p1.example/env/as/.well-known/openid-configuration",
                                                   clientId: "app", scopes: ["openid"], redirectURI: "com.example:/cb")

    @Test func aFlowThatNeverEndsIsStopped() async throws {
        let client = DaVinciClient(configuration: Self.offline, transport: SameForm(next: "https://p1.example/env/davinci/next"))
        var forms = 0
        await #expect(throws: DaVinciError.failed(message: "the flow showed \(DaVinciClient.mostForms) forms without ending; it was stopped")) {
            _ = try await client.walk(try await client.discover()) { step in
                forms += 1
                return (step, nil)
            }
        }
        #expect(forms == DaVinciClient.mostForms)
    }

    @Test func answersNeverGoToAnotherServer() async throws {
        let client = DaVinciClient(configuration: Self.offline, transport: SameForm(next: "https://attacker.example/collect"))
        await #expect {
            _ = try await client.walk(try await client.discover()) { step in (step, nil) }
        } throws: { error in
            guard case .malformed(_, let problem, _) = error as? DaVinciError else { return false }
            return problem.contains("another server (attacker.example)")
        }
    }
}
