import Foundation
import JourneyEngine
import Orchestrate
import Testing

struct RealmAndConfigurationTests {
    @Test(arguments: [
        ("", "realms/root", "/"),
        ("/", "realms/root", "/"),
        ("root", "realms/root", "/"),
        ("alpha", "realms/root/realms/alpha", "/alpha"),
        ("/alpha", "realms/root/realms/alpha", "/alpha"),
        ("root/alpha", "realms/root/realms/alpha", "/alpha"),
        ("/parent/child", "realms/root/realms/parent/realms/child", "/parent/child"),
        ("realms/root/realms/alpha", "realms/root/realms/alpha", "/alpha"),
        ("/a b", nil, nil),
    ] as [(String, String?, String?)])
    func realmsMapOntoAMsURLForm(input: String, urlPath: String?, display: String?) throws {
        guard let urlPath else {
            #expect(throws: ConfigurationError.self) { try Realm(input) }
            return
        }
        let realm = try Realm(input)
        #expect(realm.urlPath == urlPath)
        #expect(realm.description == display)
    }

    @Test func nestedRealmSlashesAreNeverEncodedIntoOneSegment() throws {
        let server = try ServerConfiguration(url: "https://am.example.com/am", realm: Realm("/parent/child"))
        let url = server.jsonEndpoint("authenticate")
        #expect(url.absoluteString == "https://am.example.com/am/json/realms/root/realms/parent/realms/child/authenticate")
        #expect(!url.absoluteString.contains("%2F"))
    }

    @Test func theRealmIsReadOnceAndKeptAsWritten() throws {
        let options = try JourneyOptions(values: [.url: .text("https://am.example.com/am"), .realm: .text("root/parent/child"),
                                                 .authenticateEndpoint: .text("json/{realm}/custom-authenticate")])
        #expect(options.realm == (try Realm("/parent/child")))
        #expect(options.realmText == "root/parent/child")
        #expect(options.values[.realm] == .text("root/parent/child"), "a profile, config show and the form give it back as written")
        let server = try options.serverConfiguration()
        #expect(server.realm == options.realm)
        #expect(server.endpointOverrides == [.authenticate: "json/{realm}/custom-authenticate"])
        #expect(server.authenticateURL.absoluteString
            == "https://am.example.com/am/json/realms/root/realms/parent/realms/child/custom-authenticate")
        let unusable = #expect(throws: OptionProblems.self) { try JourneyOptions(values: [.url: .text("https://x/am"), .realm: .text("a/../b")]) }
        #expect(unusable?.problems.map(\.key) == [.realm])
    }

    @Test(arguments: ["am.example.com", "ftp://x/am", "http:///am", "https://x/am?x=1", "https://x/am/json/realms/root"])
    func badURLsAreRefusedWithAReason(url: String) {
        #expect(throws: ConfigurationError.self) { try ServerConfiguration(url: url) }
    }

    @Test func badValuesSayWhatIsExpected() {
        do {
            _ = try ServerConfiguration(url: "https://x/am", cookieName: "bad name")
            Issue.record("accepted a bad cookie name")
        } catch {
            #expect(error.description.contains("cookie name"))
        }
        #expect(throws: ConfigurationError.self) { try ServerConfiguration(url: "https://x/am", timeout: .zero) }
        #expect(throws: ConfigurationError.self) { try ServerConfiguration(url: "https://x/am", locale: "fr;q=1") }
    }

    @Test(arguments: [
        ("http://127.0.0.1:8180/am/XUI/?realm=/&suspendedId=abc123", "abc123"),
        ("https://am.example.com/am/XUI/?realm=/alpha#/?suspendedId=def", "def"),
        ("plainId", "plainId"),
    ])
    func resumeLinksYieldTheirSuspendedId(link: String, id: String) throws {
        #expect(try ResumeLink(link: link).suspendedId == id)
    }

    @Test func aLinkWithoutSuspendedIdIsRefused() {
        #expect(throws: ConfigurationError.self) { try ResumeLink(link: "https://x/am/XUI/?realm=/") }
    }
}
