@testable import DemoAM
import Foundation
import Testing

/// Exported journeys run on the demo AM, node by node, over HTTP: the fixtures are exports
/// written for these tests in frodo's formats (a file of many journeys, and the older file of one).
@Suite("offline journeys")
struct OfflineJourneysTests {
    static let fixtures = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Fixtures")

    /// A configuration serving the fixtures' exports to the fixtures' users.
    static func configuration(stubs: [String: String] = [:]) throws -> DemoAMConfiguration {
        var configuration = DemoAMConfiguration(port: 0)
        let folder = fixtures.appending(path: "exports")
        configuration.journeyExports = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { name in
            JourneyExportFile(source: name, contents: try Data(contentsOf: folder.appending(path: name)), named: false)
        }
        configuration.users = try UsersFile.users(fromYAML: String(contentsOf: fixtures.appending(path: "users.yaml"), encoding: .utf8), source: "users.yaml")
        configuration.stubs = stubs
        return configuration
    }

    /// The prompts of a step's callbacks, in order.
    static func prompts(_ step: Reply) -> [String] {
        step.callbacks.map { $0.outputs["prompt"]?.string ?? $0.outputs["message"]?.string ?? "" }
    }

    @Test func anIdentityCloudLoginWithItsInnerTreeSignsAUserOfTheFileIn() async throws {
        try await withDemoAM(try Self.configuration()) { _, client in
            let page = try await client.start("Login")
            #expect(page.json["header"] == "Sign In" && page.json["description"] == "New here? Create an account")
            #expect(page.types == ["NameCallback", "PasswordCallback"] && Self.prompts(page) == ["User Name", "Password"])
            let signedIn = try await client.submit(page, ["IDToken1": "bjensen", "IDToken2": "Babs-pass1"])
            #expect(signedIn.status == 200, "\(signedIn.text)")
            let token = try #require(signedIn.json["tokenId"]?.string)
            let session = try await client.sessionInfo(token)
            #expect(session.json["username"] == "bjensen", "\(session.text)")
        }
    }

    /// Each sign-in counts; at the third, the inner ProgressiveProfile asks for preferences,
    /// filled from the user's own, and saves what was chosen.
    @Test func theThirdSignInRunsTheInnerTreesProfilePage() async throws {
        try await withDemoAM(try Self.configuration()) { _, client in
            for _ in 1...2 {
                let signedIn = try await client.submit(try await client.start("Login"), ["IDToken1": "bjensen", "IDToken2": "Babs-pass1"])
                #expect(signedIn.json["tokenId"]?.string != nil, "\(signedIn.text)")
            }
            // bjensen's marketing preference is false: the query filter sends her to the profile page.
            let preferences = try await client.submit(try await client.start("Login"), ["IDToken1": "bjensen", "IDToken2": "Babs-pass1"])
            #expect(preferences.json["header"] == "Please select your preferences", "\(preferences.text)")
            #expect(preferences.types == ["BooleanAttributeInputCallback", "BooleanAttributeInputCallback"])
            #expect(preferences.callbacks.map { $0.outputs["value"] } == [true, false], "filled from the user's own")
            let saved = try await client.submit(preferences, ["IDToken2": true])
            #expect(saved.json["tokenId"]?.string != nil, "\(saved.text)")
            // Later sign-ins pass the profile page by: the count is past 3.
            let fourth = try await client.submit(try await client.start("Login"), ["IDToken1": "bjensen", "IDToken2": "Babs-pass1"])
            #expect(fourth.json["tokenId"]?.string != nil, "\(fourth.text)")
        }
    }

    @Test(arguments: [
        ("!(/preferences pr) or /preferences/marketing eq false", true),
        ("/preferences/updates eq true and /mail co \"EXAMPLE\"", true),
        ("/givenName sw \"Bar\" and !(/sn eq \"Jensen\")", false),
        ("/loginCount pr", false),
        ("/password pr", true),
        ("(/sn eq \"Smith\" or /sn eq \"Jensen\") and true", true),
    ])
    func queryFiltersAreReadAsCRESTReadsThem(filter: String, matches: Bool) throws {
        let user = try UsersFile.users(fromYAML: String(contentsOf: Self.fixtures.appending(path: "users.yaml"), encoding: .utf8), source: "users.yaml")[0]
        guard case .success(let parsed) = QueryFilter.parse(filter) else { Issue.record("\(filter) is a filter"); return }
        #expect(parsed.matches(user) == matches, "\(filter)")
    }

    @Test func aFilterThatIsNoFilterSaysWhy() {
        guard case .failure(let error) = QueryFilter.parse("/mail like \"x\"") else { Issue.record("refused"); return }
        #expect(error.reason == "like is no operator (eq, co, sw, gt, ge, lt, le, pr)")
    }

    @Test func aWrongPasswordIsRefusedThreeTimesThenTheAccountIsLocked() async throws {
        try await withDemoAM(try Self.configuration()) { _, client in
            var page = try await client.start("Login")
            for _ in 1...3 {
                page = try await client.submit(page, ["IDToken1": "bjensen", "IDToken2": "wrong"])
                #expect(page.types == ["NameCallback", "PasswordCallback"], "Retry goes back to the page: \(page.text)")
            }
            let rejected = try await client.submit(page, ["IDToken1": "bjensen", "IDToken2": "wrong"])
            #expect(rejected.status == 401 && rejected.json["message"] == "Login failure", "\(rejected.text)")
            let locked = try await client.submit(try await client.start("Login"), ["IDToken1": "bjensen", "IDToken2": "Babs-pass1"])
            #expect(locked.status == 401, "Account Lockout locked the account: \(locked.text)")
        }
    }

    /// The retry limit counts the user's failures across journeys, as AM's does by default.
    @Test func theRetryLimitCountsAcrossJourneys() async throws {
        try await withDemoAM(try Self.configuration()) { _, client in
            var first = try await client.start("Login")
            for _ in 1...2 { first = try await client.submit(first, ["IDToken1": "bjensen", "IDToken2": "wrong"]) }
            // Abandoned; a new journey starts with two failures counted.
            var second = try await client.start("Login")
            second = try await client.submit(second, ["IDToken1": "bjensen", "IDToken2": "wrong"])
            #expect(second.types == ["NameCallback", "PasswordCallback"], "the third failure still retries")
            let rejected = try await client.submit(second, ["IDToken1": "bjensen", "IDToken2": "wrong"])
            #expect(rejected.status == 401, "the fourth is rejected, and the account locked: \(rejected.text)")

            // A success clears the count: two failures before it do not shorten the next journey's tries.
            var before = try await client.start("Login")
            for _ in 1...2 { before = try await client.submit(before, ["IDToken1": "scarter", "IDToken2": "wrong"]) }
            let signedIn = try await client.submit(before, ["IDToken1": "scarter", "IDToken2": "Sam-pass12"])
            #expect(signedIn.json["tokenId"]?.string != nil, "\(signedIn.text)")
            var after = try await client.start("Login")
            for attempt in 1...3 {
                after = try await client.submit(after, ["IDToken1": "scarter", "IDToken2": "wrong"])
                #expect(after.types == ["NameCallback", "PasswordCallback"], "failure \(attempt) after the success still retries")
            }
        }
    }

    @Test func aRegistrationSuspendsThenCreatesAUserWhoCanSignIn() async throws {
        try await withDemoAM(try Self.configuration()) { server, client in
            let page = try await client.start("Registration")
            #expect(page.json["header"] == "Sign Up")
            // Two security questions, as IDM asks users to define by default.
            #expect(page.types == ["ValidatedCreateUsernameCallback", "StringAttributeInputCallback", "StringAttributeInputCallback",
                                   "StringAttributeInputCallback", "BooleanAttributeInputCallback", "ValidatedCreatePasswordCallback",
                                   "KbaCreateCallback", "KbaCreateCallback", "TermsAndConditionsCallback"])
            var answers: [String: JSON] = ["IDToken1": "newuser", "IDToken2": "New", "IDToken3": "User", "IDToken4": "new@example.com",
                                           "IDToken6": "short", "IDToken7question": "What's your favorite color?", "IDToken7answer": "green",
                                           "IDToken8question": "What's your favorite color?", "IDToken8answer": "blue", "IDToken9": true]
            let refused = try await client.submit(page, answers)
            let password = try #require(refused.callbacks.first { $0["type"] == "ValidatedCreatePasswordCallback" })
            #expect(password.outputs["failedPolicies"]?.array.isEmpty == false, "a short password fails IDM's policies: \(refused.text)")
            #expect(refused.callbacks.first?.input("IDToken1") == "newuser", "what was typed is kept")
            #expect(!refused.text.contains("short") && !refused.text.contains("green"), "but no password or security answer is sent back")

            answers["IDToken6"] = "Green-pass12"
            let sameQuestion = try await client.submit(refused, answers)
            #expect(sameQuestion.types.filter { $0 == "KbaCreateCallback" }.count == 2, "a question chosen twice is asked again: \(sameQuestion.text)")
            answers["IDToken8question"] = "Who was your first employer?"
            let suspended = try await client.submit(sameQuestion, answers)
            #expect(suspended.types == ["SuspendedTextOutputCallback"], "\(suspended.text)")
            let email = try #require(await server.outbox().last)
            #expect(email.to == "new@example.com")
            let id = try #require(URLComponents(string: email.resumeURL)?.queryItems?.first { $0.name == "suspendedId" }?.value)
            let registered = try await client.authenticate(query: "suspendedId=\(id)")
            #expect(registered.json["tokenId"]?.string != nil, "the user is created and signed in: \(registered.text)")

            let login = try await client.submit(try await client.start("Login"), ["IDToken1": "newuser", "IDToken2": "Green-pass12"])
            #expect(login.json["tokenId"]?.string != nil, "the new user signs in with the password kept secret across the suspension: \(login.text)")
        }
    }

    @Test func aNodeTheServerCannotRunAsksWhichOutcomeToTake() async throws {
        try await withDemoAM(try Self.configuration()) { _, client in
            let name = try await client.start("RiskCheck")
            let password = try await client.submit(name, ["IDToken1": "scarter"])
            let asked = try await client.submit(password, ["IDToken1": "Sam-pass12"])
            #expect(asked.types == ["ChoiceCallback"], "\(asked.text)")
            #expect(asked.callbacks[0].outputs["prompt"] == "Check the risk (ScriptedDecisionNode) cannot run on this server: which outcome?")
            #expect(asked.callbacks[0].outputs["choices"] == ["low", "high"])
            let message = try await client.submit(asked, ["IDToken1": 1])
            #expect(message.types == ["TextOutputCallback", "ConfirmationCallback"])
            #expect(message.callbacks[1].outputs["options"] == ["Yes, it is me", "No"])
            let signedIn = try await client.submit(message, ["IDToken2": 0])
            #expect(signedIn.json["tokenId"]?.string != nil, "\(signedIn.text)")
        }
    }

    /// A one-time password made, emailed to the user's address (the outbox), and checked: a
    /// wrong code goes round the retry limit back to the collector.
    @Test func aOneTimePasswordIsEmailedAndChecked() async throws {
        try await withDemoAM(try Self.configuration()) { server, client in
            let name = try await client.start("EmailOneTimePassword")
            let password = try await client.submit(name, ["IDToken1": "scarter"])
            let collector = try await client.submit(password, ["IDToken1": "Sam-pass12"])
            #expect(Self.prompts(collector) == ["One Time Password"], "\(collector.text)")
            let email = try #require(await server.outbox().last)
            #expect(email.to == "scarter@example.com" && email.subject == "Your One Time Password")
            let code = try #require(email.text.firstMatch(of: /'(\d{8})'/)?.output.1)
            let wrong = try await client.submit(collector, ["IDToken1": "00000000" == code ? "11111111" : "00000000"])
            #expect(Self.prompts(wrong) == ["One Time Password"], "Retry goes back to the collector: \(wrong.text)")
            let signedIn = try await client.submit(wrong, ["IDToken1": .string(String(code))])
            #expect(signedIn.json["tokenId"]?.string != nil, "\(signedIn.text)")
        }
    }

    @Test func aStubAnswersForTheNodeAndTheReportSaysSo() async throws {
        try await withDemoAM(try Self.configuration(stubs: ["Check the risk": "low"])) { server, client in
            #expect(server.journeyReport.contains("RiskCheck: Check the risk (ScriptedDecisionNode) answers low"), "\(server.journeyReport)")
            #expect(server.journeyReport.contains("Login: runs fully"))
            #expect(server.journeyReport.contains("ProgressiveProfile: runs fully"))
            let name = try await client.start("RiskCheck")
            let password = try await client.submit(name, ["IDToken1": "scarter"])
            let signedIn = try await client.submit(password, ["IDToken1": "Sam-pass12"])
            #expect(signedIn.json["tokenId"]?.string != nil, "\(signedIn.text)")
        }
    }

    /// AM's file-based configuration: a file per tree and per node, `{metadata, data}` each, a
    /// page's nodes as `id:type:name` strings (the map's fixture, read here by the demo AM's own
    /// reader). Each journey is served in its realm: SignIn at the root, the inner tree it runs,
    /// Profile, in alpha only, where the root's SignIn cannot reach it.
    @Test func amsFileBasedConfigurationRunsInItsRealms() async throws {
        let folder = Self.fixtures.deletingLastPathComponent().deletingLastPathComponent().appending(path: "JourneyMapsTests/Fixtures/am-config")
        var configuration = try Self.configuration()
        let files = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".json") }.sorted()
        configuration.journeyExports = try files.map { JourneyExportFile(source: $0, contents: try Data(contentsOf: folder.appending(path: $0)), named: false) }
        try await withDemoAM(configuration) { server, client in
            #expect(server.journeyReport.contains("SignIn (realm /): runs fully; runs Profile, which is not served"), "\(server.journeyReport)")
            #expect(server.journeyReport.contains("Profile (realm /alpha): runs fully"), "\(server.journeyReport)")
            let page = try await client.start("SignIn")
            #expect(page.json["stage"] == "CredentialsPage" && page.json["header"] == "Sign in", "\(page.text)")
            #expect(page.types == ["NameCallback", "PasswordCallback"])
            let refused = try await client.submit(page, ["IDToken1": "bjensen", "IDToken2": "Babs-pass1"])
            #expect(refused.json["message"] == "Profile runs the journey Profile, which this server does not serve", "\(refused.text)")
            let elsewhere = try await client.start("SignIn", realmPath: "/json/realms/root/realms/alpha")
            #expect(elsewhere.status == 400, "SignIn is the root realm's: \(elsewhere.text)")
        }
    }

    @Test func aStubWhoseOutcomeIsNoneOfItsNodesIsSaidAtStart() async throws {
        try await withDemoAM(try Self.configuration(stubs: ["e0000001-0000-4000-8000-000000000004": "medium"])) { server, client in
            #expect(server.journeyReport.contains("the stub e0000001-0000-4000-8000-000000000004 answers medium, which is none of the outcomes of "
                                                  + "RiskCheck: Check the risk (low, high)"), "\(server.journeyReport)")
            let name = try await client.start("RiskCheck")
            let password = try await client.submit(name, ["IDToken1": "scarter"])
            let refused = try await client.submit(password, ["IDToken1": "Sam-pass12"])
            #expect(refused.json["message"] == "Journey RiskCheck, node Check the risk (ScriptedDecisionNode): its stub names medium, which is none of its outcomes (low, high)",
                    "\(refused.text)")
        }
    }

    /// A node that refuses inside an inner tree: the evaluator that shows errors goes on by its
    /// `error` outcome, with the message in the shared state; without it, the journey ends.
    @Test func aRefusalInsideAnInnerTreeTakesTheEvaluatorsErrorOutcome() async throws {
        func export(showsErrors: Bool) -> String {
            #"{"trees":{"Outer":{"tree":{"_id":"Outer","entryNodeId":"e","nodes":{"e":{"nodeType":"InnerTreeEvaluatorNode","displayName":"Run inner","#
                + #""connections":{"true":"70e691a5-1e33-4ac3-a356-e7b6d60d92e0","false":"e301438c-0bd0-429c-ab0c-66126501069a","error":"m"}},"#
                + #""m":{"nodeType":"MessageNode","displayName":"Sorry","connections":{"true":"e301438c-0bd0-429c-ab0c-66126501069a","false":"e301438c-0bd0-429c-ab0c-66126501069a"}}}},"#
                + #""nodes":{"e":{"_id":"e","_type":{"_id":"InnerTreeEvaluatorNode"},"tree":"Inner","displayErrorOutcome":\#(showsErrors)},"#
                + #""m":{"_id":"m","_type":{"_id":"MessageNode"},"message":{"en":"Something went wrong"}}}},"#
                + #""Inner":{"tree":{"_id":"Inner","entryNodeId":"c","innerTreeOnly":true,"nodes":{"c":{"nodeType":"ChoiceCollectorNode","displayName":"Pick","#
                + #""connections":{"one":"70e691a5-1e33-4ac3-a356-e7b6d60d92e0"}}}},"nodes":{"c":{"_id":"c","_type":{"_id":"ChoiceCollectorNode"},"choices":[]}}}}}"#
        }
        for showsErrors in [true, false] {
            var configuration = DemoAMConfiguration(port: 0)
            configuration.journeyExports = [JourneyExportFile(source: "inner.json", contents: Data(export(showsErrors: showsErrors).utf8))]
            try await withDemoAM(configuration) { _, client in
                let step = try await client.start("Outer")
                if showsErrors {
                    #expect(Self.prompts(step) == ["Something went wrong", ""], "the error outcome leads to the message: \(step.text)")
                } else {
                    #expect(step.status == 401 && step.json["message"] == "Journey Inner, node Pick (ChoiceCollectorNode): it has no choices", "\(step.text)")
                }
            }
        }
    }

    /// A tree alone, as AM's REST API answers it, has no node configurations: the banner says
    /// which nodes run on their defaults.
    @Test func nodesWithoutTheirConfigurationAreSaid() async throws {
        var configuration = DemoAMConfiguration(port: 0)
        let tree = #"{"_id":"Bare","entryNodeId":"p","nodes":{"p":{"nodeType":"PageNode","displayName":"Page","connections":{"outcome":"70e691a5-1e33-4ac3-a356-e7b6d60d92e0"}}}}"#
        configuration.journeyExports = [JourneyExportFile(source: "bare.json", contents: Data(tree.utf8))]
        try await withDemoAM(configuration) { server, _ in
            #expect(server.journeyReport.contains("bare.json: journey Bare, node Page (PageNode): its configuration was not exported; its defaults are used"),
                    "\(server.journeyReport)")
        }
    }

    /// A page whose nodes AM would not run as written: an inner tree evaluator on it, or an
    /// Email Suspend node before its last node.
    @Test func pagesAMWouldNotRunAsWrittenAreSaid() async throws {
        var configuration = DemoAMConfiguration(port: 0)
        let export = #"{"trees":{"Odd":{"tree":{"_id":"Odd","entryNodeId":"p","nodes":{"p":{"nodeType":"PageNode","displayName":"Page","#
            + #""connections":{"outcome":"70e691a5-1e33-4ac3-a356-e7b6d60d92e0"}}}},"nodes":{"p":{"_id":"p","_type":{"_id":"PageNode"},"nodes":["#
            + #"{"_id":"s","nodeType":"EmailSuspendNode","displayName":"Mail"},{"_id":"i","nodeType":"InnerTreeEvaluatorNode","displayName":"Inner"},"#
            + #"{"_id":"u","nodeType":"UsernameCollectorNode","displayName":"Name"}]}},"#
            + #""innerNodes":{"s":{"_id":"s","_type":{"_id":"EmailSuspendNode"}},"i":{"_id":"i","_type":{"_id":"InnerTreeEvaluatorNode"},"tree":"Odd"},"#
            + #""u":{"_id":"u","_type":{"_id":"UsernameCollectorNode"}}}}}}"#
        configuration.journeyExports = [JourneyExportFile(source: "odd.json", contents: Data(export.utf8))]
        try await withDemoAM(configuration) { server, _ in
            let report = server.journeyReport
            #expect(report.contains { $0.hasPrefix("odd.json: journey Odd, page Page: Inner (InnerTreeEvaluatorNode) cannot be on a page") }, "\(report)")
            #expect(report.contains { $0.hasPrefix("odd.json: journey Odd, page Page: Mail (EmailSuspendNode) suspends before the page's last node") },
                    "\(report)")
        }
    }

    @Test(arguments: [("bjensen", "bjensen"), ("=?UTF-8?B?YmplbnNlbg==?=", "bjensen"), ("=?UTF-8?Q?b=6Aensen?=", "bjensen"), ("=?UTF-8?Q?J_Doe?=", "J Doe")])
    func zeroPageLoginHeadersAreDecodedAsAMDecodesThem(sent: String, read: String) {
        #expect(ZeroPageLogin.decoded(sent) == read)
    }

    /// Patch Object's `ignoredFields` may point into an object: that member is left out.
    @Test func anIgnoredPointerLeavesItsMemberOut() {
        let preferences = JSONValue.object([("preferences", .object([("marketing", true), ("updates", true)]))])
        #expect(preferences.removing(path: ["preferences", "marketing"]).serialized == #"{"preferences":{"updates":true}}"#)
        #expect(preferences.removing(path: ["preferences", "nothing"]).serialized == preferences.serialized)
    }

    @Test func aBrokenExportIsRefusedNamingTheFileTheJourneyAndTheNode() async throws {
        var configuration = DemoAMConfiguration(port: 0)
        let broken = #"{"trees":{"Broken":{"tree":{"_id":"Broken","entryNodeId":"n1","nodes":{"n1":{"nodeType":"PageNode","displayName":"Page","connections":{"outcome":"nowhere"}}}}}}}"#
        configuration.journeyExports = [JourneyExportFile(source: "exports/Broken.json", contents: Data(broken.utf8))]
        await #expect {
            try await DemoAM.start(configuration)
        } throws: { error in
            "\(error)" == "The journey exports cannot be served:\n  exports/Broken.json: journey Broken is not served: node Page (n1): outcome outcome leads to nowhere, "
                + "which is no node of the journey\n  none of the files holds a journey that can be served"
        }
    }
}
