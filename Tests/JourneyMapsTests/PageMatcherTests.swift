import Foundation
import JourneyMaps
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct PageMatcherTests {
    /// SecondFactor as the demo AM defines it: pages with stages, a retry back to the code page.
    static let journey = JourneyDefinition(name: "SecondFactor", entryNodeID: "credentials", nodes: [
        JourneyNode(id: "credentials", type: "PageNode", displayName: "Sign In", connections: [.init(outcome: "outcome", target: "password")],
                    pageChildren: [.init(id: "u", type: "UsernameCollectorNode", displayName: "User Name"),
                                   .init(id: "p", type: "PasswordCollectorNode", displayName: "Password")], stage: "UsernamePassword"),
        JourneyNode(id: "password", type: "DataStoreDecisionNode", displayName: "Check", connections: [.init(outcome: "true", target: "choice")]),
        JourneyNode(id: "choice", type: "PageNode", displayName: "Choose", connections: [.init(outcome: "outcome", target: "code")],
                    pageChildren: [.init(id: "c", type: "ChoiceCollectorNode", displayName: "Email or SMS")]),
        JourneyNode(id: "code", type: "PageNode", displayName: "Code", connections: [.init(outcome: "false", target: "retry")],
                    pageChildren: [.init(id: "o", type: "OneTimePasswordCollectorDecisionNode", displayName: "OTP")]),
        JourneyNode(id: "retry", type: "RetryLimitDecisionNode", displayName: "Three tries", connections: [.init(outcome: "Retry", target: "code")]),
    ], source: "test")

    @Test func aPagesStageNamesItsNodeForCertain() {
        let match = PageMatcher.match(PageSignature(stage: "UsernamePassword", callbackTypes: ["NameCallback", "PasswordCallback"]), in: Self.journey)
        #expect(match == .init(node: "credentials", guessed: false))
    }

    @Test func withoutAStageTheCallbacksPointToTheNodeAsAGuess() {
        let choice = PageMatcher.match(PageSignature(stage: nil, callbackTypes: ["ChoiceCallback"]), in: Self.journey, after: "credentials")
        #expect(choice == .init(node: "choice", guessed: true))
        // A lone password field: the sign-in page also has one, but the code page follows the choice.
        let code = PageMatcher.match(PageSignature(stage: nil, callbackTypes: ["TextOutputCallback", "PasswordCallback"]), in: Self.journey, after: "choice")
        #expect(code == .init(node: "code", guessed: true))
        let signIn = PageMatcher.match(PageSignature(stage: "Unknown", callbackTypes: ["NameCallback", "PasswordCallback"]), in: Self.journey)
        #expect(signIn == .init(node: "credentials", guessed: true), "an unknown stage falls back to the callbacks")
    }

    @Test func aPageNoNodeWouldSendMatchesNothing() {
        #expect(PageMatcher.match(PageSignature(stage: nil, callbackTypes: ["DeviceProfileCallback"]), in: Self.journey) == nil)
        #expect(PageMatcher.match(PageSignature(stage: nil, callbackTypes: []), in: Self.journey) == nil)
    }
}

@Suite struct RunMarksTests {
    @Test func aPageOfAnInnerTreeMarksTheNodeThatRunsIt() throws {
        let catalog = JourneyCatalog.read(paths: [Fixtures.path("Login.journey.json")])
        let login = try #require(catalog.journey(named: "ExampleLogin"))
        let signIn = PageSignature(stage: nil, callbackTypes: ["ValidatedCreateUsernameCallback", "ValidatedCreatePasswordCallback"])
        let profile = PageSignature(stage: nil, callbackTypes: ["StringAttributeInputCallback"])
        let marks = RunMarks.marks(for: [signIn, profile], on: login, innerTrees: catalog.innerTrees(of: login).found, standing: .onPage)
        #expect(marks.visited == ["a1000000-0000-4000-8000-000000000001"])
        #expect(marks.current == "a1000000-0000-4000-8000-000000000003", "the inner tree evaluator that runs ExampleProfile")
        #expect(marks.currentInnerPage == "ExampleProfile: Ask for the missing parts")
        #expect(marks.guessed)
        let ended = RunMarks.marks(for: [signIn, profile], on: login, innerTrees: catalog.innerTrees(of: login).found, standing: .ended(.success))
        #expect(ended.current == nil && ended.ended == .success && ended.visited.count == 2)
    }

    @Test func aPageOnScreenThatMatchesNoNodeIsMarkedNowhere() {
        let signIn = PageSignature(stage: "UsernamePassword", callbackTypes: ["NameCallback", "PasswordCallback"])
        let unknown = PageSignature(stage: nil, callbackTypes: ["SomeCustomCallback"])
        let marks = RunMarks.marks(for: [signIn, unknown], on: PageMatcherTests.journey, standing: .onPage)
        #expect(marks.current == nil, "not the sign-in page, which is no longer on screen")
        #expect(marks.visited == ["credentials"])
    }
}

@Suite struct CatalogBoundsTests {
    @Test func aPipeOrADeviceNamedAsADefinitionIsRefusedUnread() throws {
        let folder = (try Fixtures.file("{}") as NSString).deletingLastPathComponent
        let pipe = (folder as NSString).appendingPathComponent("exports.json")
        #expect(mkfifo(pipe, 0o600) == 0)
        for path in [pipe, "/dev/zero"] {
            let catalog = JourneyCatalog.read(paths: [path])
            #expect(catalog.problems.map(\.description) == ["\(path): it is not a regular file"])
        }
        // In a folder, the pipe is passed over like any file that holds no journey.
        #expect(JourneyCatalog.read(paths: [folder]).journeys.isEmpty)
    }
}
