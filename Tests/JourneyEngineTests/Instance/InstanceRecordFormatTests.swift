import Foundation
import JourneyEngine
import Orchestrate
import Testing

/// An instance's record keeps the options it last started with as their raw values by option
/// name: records written by earlier versions still read, and earlier versions read new ones.
struct InstanceRecordFormatTests {
    /// A record as JourneyTerm wrote it before the option catalog was split by kind (an option's
    /// value is Swift's encoding of `OptionValue`).
    private static let record = Data("""
        {"serverURL":"https://am.example.com/am","realm":"/alpha","cookieName":"iPlanetDirectoryPro","timeoutSeconds":12.5,
         "ownSessionStore":false,"ownTokenStore":true,"profileName":"lab",
         "options":{"kind":{"text":{"_0":"journey"}},"url":{"text":{"_0":"https://am.example.com/am/"}},
                    "realm":{"text":{"_0":"alpha"}},"timeout":{"text":{"_0":"12.5"}},
                    "enableCookie":{"text":{"_0":"true"}},"cookieName":{"text":{"_0":"iPlanetDirectoryPro"}},
                    "cookieCache":{"text":{"_0":"0"}},"authServiceName":{"text":{"_0":"Login"}},
                    "registrationServiceName":{"text":{"_0":"Registration"}},
                    "oauthClientId":{"text":{"_0":"journeyterm"}},
                    "oauthRedirectUri":{"text":{"_0":"http://127.0.0.1/callback"}},
                    "oauthScope":{"text":{"_0":"openid profile"}},"oauthThreshold":{"text":{"_0":"30"}},
                    "oauthCache":{"text":{"_0":"0"}},"insecure":{"text":{"_0":"false"}},
                    "logLevel":{"text":{"_0":"debug"}},"preset":{"text":{"_0":"step-up"}},
                    "tokenEndpoint":{"text":{"_0":"/oauth2/custom/token"}},"headers":{"list":{"_0":["X-Tenant: blue"]}}}}
        """.utf8)

    @Test func aRecordInTheFormatEarlierVersionsWroteReadsWithEveryOption() throws {
        let profile = try JSONDecoder().decode(InstanceProfile.self, from: Self.record)
        let options = try #require(profile.startedOptions)
        #expect(profile.profileName == "lab" && profile.ownTokenStore)
        #expect(options.url == "https://am.example.com/am/" && options.realmText == "alpha" && options.timeoutSeconds == 12.5)
        #expect(options.preset == .stepUp && options.logLevel == .debug && options.headers == [HTTPHeader("X-Tenant", "blue")])
        let server = try options.serverConfiguration()
        #expect(server.baseURL.absoluteString == "https://am.example.com/am" && server.realm.description == "/alpha")
        #expect(server.endpoint(.token)?.absoluteString == "https://am.example.com/am/oauth2/custom/token")
        #expect(try options.oauthConfiguration()?.scopes == ["openid", "profile"])
        #expect(options.stores(forInstance: "lab").tokens == "tokens-lab")
    }

    /// The options added since are written at their defaults; earlier versions skip the names
    /// they do not know.
    @Test func aNewRecordKeepsTheSameRawValuesByName() throws {
        let profile = try JSONDecoder().decode(InstanceProfile.self, from: Self.record)
        let written = try JSONDecoder().decode(KeptOptions.self, from: JSONEncoder().encode(profile))
        var kept = try JSONDecoder().decode(KeptOptions.self, from: Self.record).options
        kept["loadAllowed"] = .text("false")
        #expect(written.options == kept)
    }

    /// The options of a record as raw values by name.
    private struct KeptOptions: Decodable {
        let options: [String: OptionValue]
    }
}
