import Foundation
import JourneyEngine
import JourneyProfiles
import Orchestrate
import Testing

/// Every configuration fixture of the JavaScript SDK's unified configuration tests
/// (ping-javascript-sdk `packages/sdk-utilities/src/lib/config/config.test.ts`, and the client
/// tests that feed it, at f7d4c9b9), imported here with the SDK's verdict: the same options, or
/// a refusal naming the same field in the SDK's words. Where JourneyTerm's verdict differs, the
/// fixture says so (`divergence`): a file with a journey and no `oidc` block is refused by the
/// SDK's clients, which find AM through discovery, and taken here, where AM is reached by its URL.
struct UnifiedConfigFixtureTests {
    enum Verdict: Sendable, CustomStringConvertible {
        /// Imported, with these options among the profile's values.
        case imported([OptionKey: String])
        /// Refused with this message (`field: message, …`).
        case refused(String)

        var description: String {
            switch self {
            case .imported(let values): "imported \(values.map { "\($0.key.rawValue)=\($0.value)" }.sorted())"
            case .refused(let message): "refused: \(message)"
            }
        }
    }

    struct Fixture: Sendable, CustomTestStringConvertible {
        let name: String
        let json: String
        let verdict: Verdict
        /// Why JourneyTerm's verdict is not the SDK's, when it is not.
        var divergence: String? = nil

        var testDescription: String { name }
    }

    static let minimalOidc = #""clientId":"my-client","discoveryEndpoint":"https://example.com/.well-known/openid-configuration","scopes":["openid","profile"],"redirectUri":"https://app.example.com/callback""#
    static let fullConfig = #"{"timeout":30000,"log":"DEBUG","journey":{"serverUrl":"https://example.com/am","realm":"alpha","cookieName":"iPlanetDirectoryPro"},"oidc":{"#
        + minimalOidc + #","signOutRedirectUri":"https://app.example.com/logout","refreshThreshold":60,"loginHint":"user@example.com","nonce":"custom-nonce","display":"page","prompt":"login","uiLocales":"en-US","acrValues":"Level3","additionalParameters":{"max_age":"3600"},"openId":{"deviceAuthorizationEndpoint":"https://example.com/device/code"}}}"#
    static let journeyOnly = #"{"journey":{"serverUrl":"https://example.com/am","realm":"alpha"},"oidc":{"discoveryEndpoint":"https://example.com/.well-known/openid-configuration"}}"#
    static let davinciMinimal: [OptionKey: String] = [.kind: "davinci", .clientId: "my-client", .redirectUri: "https://app.example.com/callback",
                                                      .scopes: "openid, profile", .discoveryEndpoint: "https://example.com/.well-known/openid-configuration"]
    static let fullJourney: [OptionKey: String] = [.url: "https://example.com/am", .realm: "alpha", .cookieName: "iPlanetDirectoryPro", .timeout: "30",
                                                   .logLevel: "debug", .oauthClientId: "my-client", .oauthScope: "openid profile",
                                                   .oauthRedirectUri: "https://app.example.com/callback",
                                                   .oauthSignOutRedirectUri: "https://app.example.com/logout", .oauthThreshold: "60"]
    static let journeyOnlyRequired = "the SDK's clients need oidc to find AM through discovery; JourneyTerm reaches AM by journey.serverUrl"

    static let fixtures: [Fixture] = [
        Fixture(name: "1 ValidFullConfig", json: fullConfig, verdict: .imported(fullJourney)),
        Fixture(name: "2 JourneyOnlyConfig", json: journeyOnly, verdict: .imported([.url: "https://example.com/am", .realm: "alpha"])),
        Fixture(name: "3 NoOidcOrJourneySection", json: #"{"timeout":5000}"#, verdict: .refused("oidc: Required block is missing"),
                divergence: "the schema alone takes it, every client refuses it, and it names no server"),
        Fixture(name: "4 UnknownTopLevelField", json: #"{"timeout":5000,"surprise":"kept","oidc":{"# + minimalOidc + "}}",
                verdict: .imported(davinciMinimal.merging([.timeout: "5"]) { $1 })),
        Fixture(name: "5 TimeoutNotNumber", json: fullConfig.replacingOccurrences(of: #""timeout":30000"#, with: #""timeout":"thirty""#),
                verdict: .refused("timeout: Expected a finite, non-negative number, got string")),
        Fixture(name: "6 JourneyMissingServerUrl", json: #"{"journey":{"realm":"alpha"},"oidc":{"discoveryEndpoint":"https://example.com/.well-known/openid-configuration"}}"#,
                verdict: .refused("journey.serverUrl: Required field is missing")),
        Fixture(name: "7 InvalidOidcNested", json: #"{"oidc":{"# + minimalOidc.replacingOccurrences(of: #""clientId":"my-client""#, with: #""clientId":42"#) + "}}",
                verdict: .refused("oidc.clientId: Expected string, got number")),
        Fixture(name: "8 MultipleErrors", json: #"{"timeout":"thirty","oidc":{"scopes":"not-an-array"}}"#,
                verdict: .refused("timeout: Expected a finite, non-negative number, got string, oidc.discoveryEndpoint: Required field is missing, oidc.scopes: Expected array, got string")),
        Fixture(name: "9 parseToOidcConfig_NoOidcBlock", json: #"{"journey":{"serverUrl":"https://example.com/am"}}"#,
                verdict: .imported([.url: "https://example.com/am"]), divergence: journeyOnlyRequired),
        Fixture(name: "10 MinimalConfig", json: #"{"oidc":{"# + minimalOidc + "}}", verdict: .imported(davinciMinimal)),
        Fixture(name: "11 ScopesJoinedWithSpace", json: #"{"oidc":{"# + minimalOidc.replacingOccurrences(of: #"["openid","profile"]"#, with: #"["openid","email"]"#) + "}}",
                verdict: .imported([.scopes: "openid, email"])),
        Fixture(name: "12 RefreshThreshold", json: #"{"oidc":{"# + minimalOidc + #","refreshThreshold":60}}"#, verdict: .imported([.oauthThreshold: "60"])),
        Fixture(name: "14 RealmMappedToRealmPath", json: #"{"journey":{"serverUrl":"https://example.com/am","realm":"alpha"},"oidc":{"# + minimalOidc + "}}",
                verdict: .imported([.url: "https://example.com/am", .realm: "alpha", .oauthClientId: "my-client"])),
        Fixture(name: "16 TimeoutPassed", json: #"{"timeout":5000,"oidc":{"# + minimalOidc + "}}", verdict: .imported([.timeout: "5"])),
        Fixture(name: "18 AuthorizeParams", json: #"{"oidc":{"# + minimalOidc + #","loginHint":"user@example.com","nonce":"custom-nonce","display":"page","prompt":"login","uiLocales":"en-US","acrValues":"Level3","additionalParameters":{"max_age":"3600"}}}"#,
                verdict: .imported([.acrValues: "Level3"])),
        Fixture(name: "19 EmptyScopes", json: #"{"oidc":{"# + minimalOidc.replacingOccurrences(of: #"["openid","profile"]"#, with: "[]") + "}}",
                verdict: .refused("oidc.scopes: Required field is missing")),
        Fixture(name: "21 OidcMissingDiscoveryEndpoint", json: #"{"oidc":{"clientId":"x","redirectUri":"x","scopes":["openid"]}}"#,
                verdict: .refused("oidc.discoveryEndpoint: Required field is missing")),
        Fixture(name: "22 NullInput", json: "null", verdict: .refused("config: Expected object, got null")),
        Fixture(name: "23 parseToJourneyConfig_NoOidcBlock", json: #"{"journey":{"serverUrl":"https://example.com/am"}}"#,
                verdict: .imported([.url: "https://example.com/am"]), divergence: journeyOnlyRequired),
        Fixture(name: "26 RealmBeta", json: #"{"journey":{"serverUrl":"https://example.com/am","realm":"beta"},"oidc":{"# + minimalOidc + "}}",
                verdict: .imported([.realm: "beta"])),
        Fixture(name: "28 Timeout10000", json: #"{"timeout":10000,"oidc":{"# + minimalOidc + "}}", verdict: .imported([.timeout: "10"])),
        Fixture(name: "30 OidcRealmIsNotAField", json: #"{"oidc":{"realm":"alpha"}}"#, verdict: .refused("oidc.discoveryEndpoint: Required field is missing")),
        Fixture(name: "35 DaVinciRefreshThreshold", json: #"{"oidc":{"# + minimalOidc + #","refreshThreshold":30}}"#, verdict: .imported([.oauthThreshold: "30"])),
        Fixture(name: "41 LogDebug", json: #"{"log":"DEBUG","oidc":{"# + minimalOidc + "}}", verdict: .imported([.logLevel: "debug"])),
        Fixture(name: "43 CookieName", json: #"{"journey":{"serverUrl":"https://example.com/am","cookieName":"iPlanetDirectoryPro"},"oidc":{"# + minimalOidc + "}}",
                verdict: .imported([.cookieName: "iPlanetDirectoryPro"])),
        Fixture(name: "44 LogWarn", json: #"{"log":"WARN","oidc":{"# + minimalOidc + "}}", verdict: .imported([.logLevel: "warning"])),
        Fixture(name: "47 LogError", json: #"{"log":"ERROR","oidc":{"# + minimalOidc + "}}", verdict: .imported([.logLevel: "error"])),
        Fixture(name: "log in lower case", json: #"{"log":"debug","oidc":{"# + minimalOidc + "}}",
                verdict: .refused("log: Expected one of NONE, ERROR, WARN, INFO, DEBUG, got debug")),
        Fixture(name: "52 EmptyDiscoveryEndpoint", json: #"{"oidc":{"# + minimalOidc.replacingOccurrences(of: "https://example.com/.well-known/openid-configuration", with: "") + "}}",
                verdict: .refused("oidc.discoveryEndpoint: Required field is missing")),
        Fixture(name: "54 MissingClientId", json: #"{"oidc":{"discoveryEndpoint":"https://example.com/.well-known","scopes":["openid"],"redirectUri":"x"}}"#,
                verdict: .refused("oidc.clientId: Required field is missing")),
        Fixture(name: "U2 journey-client empty oidc", json: #"{"oidc":{}}"#, verdict: .refused("oidc.discoveryEndpoint: Required field is missing")),
        Fixture(name: "U3 scopes as text", json: #"{"oidc":{"clientId":"c","discoveryEndpoint":"https://example.com/.well-known/openid-configuration","scopes":"openid","redirectUri":"https://example.com/callback"}}"#,
                verdict: .refused("oidc.scopes: Expected array, got string")),
        Fixture(name: "U5 davinci-client without clientId", json: #"{"oidc":{"discoveryEndpoint":"https://auth.pingone.com/e/as/.well-known/openid-configuration","scopes":["openid","profile"],"redirectUri":"https://example.com/callback"}}"#,
                verdict: .refused("oidc.clientId: Required field is missing")),
        Fixture(name: "display outside its members", json: #"{"oidc":{"# + minimalOidc + #","display":"tv","additionalParameters":{"n":1}}}"#,
                verdict: .refused("oidc.display: Expected one of page, popup, touch, wap, got tv, oidc.additionalParameters.n: Expected string, got number")),
        Fixture(name: "AM discovery document gives the server and realm", json: #"{"oidc":{"clientId":"app","discoveryEndpoint":"https://am.example.com/am/oauth2/realms/root/realms/alpha/.well-known/openid-configuration","scopes":["openid"],"redirectUri":"https://app.example.com/cb"}}"#,
                verdict: .imported([.url: "https://am.example.com/am", .realm: "alpha", .oauthClientId: "app", .oauthScope: "openid"])),
    ]

    @Test(arguments: fixtures)
    func eachFixtureGetsTheSDKsVerdict(_ fixture: Fixture) async throws {
        let path = try SDKExampleFiles.write(fixture.json, named: "unified.json")
        switch fixture.verdict {
        case .imported(let expected):
            let imported = try await SDKFormat.unified.read(path: path)
            let options = try imported.options()
            for (key, value) in expected {
                #expect(options.values[key]?.description == value, "\(key.rawValue) in \(options.values)")
            }
        case .refused(let message):
            let error = await #expect(throws: FormatReadError.self) { try await SDKFormat.unified.read(path: path) }
            #expect(error?.message == "the JavaScript SDK refuses it: Invalid unified SDK config: \(message)")
        }
    }

    /// Where the SDK takes any non-negative number, JourneyTerm's options are stricter; each
    /// refusal names the file's field (docs/configuration.md lists them).
    @Test func theNumbersTheSDKTakesAndJourneyTermRefusesAreNamed() async throws {
        let refused = [
            (#""timeout":0"#, #"timeout (milliseconds): timeout "0" cannot be used: it must be more than zero"#),
            (#""timeout":86400001"#, #"timeout (milliseconds): timeout "86400.001" cannot be used: it must be at most 86400 seconds (a day)"#),
            (#""oidc":{"# + Self.minimalOidc + #","refreshThreshold":0}"#,
             #"oidc.refreshThreshold: oauthThreshold "0" cannot be used: it must be more than zero"#),
        ]
        for (fields, message) in refused {
            let json = "{" + fields + (fields.contains("oidc") ? "" : #","oidc":{"# + Self.minimalOidc + "}") + "}"
            let imported = try await SDKFormat.unified.read(path: try SDKExampleFiles.write(json, named: "strict.json"))
            let error = #expect(throws: ImportProblems.self) { try imported.options() }
            #expect(error?.messages == [message], "\(json)")
        }
    }

    @Test func anExportIsTheUnifiedShapeAndReadsBackTheSameOptions() async throws {
        let options = try ClientOptions(values: [
            .url: .text("https://am.example.com/am"), .realm: .text("alpha"), .timeout: .text("12.5"), .oauthClientId: .text("app"),
            .oauthRedirectUri: .text("https://app.example.com/cb"), .oauthScope: .text("openid profile"), .oauthThreshold: .text("45"),
        ])
        let exported = SDKFormat.unified.export(options)
        let json = try JSONValue.parse(exported.data)
        #expect(json["journey"]?["serverUrl"] == .string("https://am.example.com/am") && json["timeout"] == .int(12500))
        #expect(json["oidc"]?["discoveryEndpoint"] == .string("https://am.example.com/am/oauth2/realms/root/realms/alpha/.well-known/openid-configuration"))
        #expect(json["oidc"]?["scopes"] == .array([.string("openid"), .string("profile")]) && json["oidc"]?["refreshThreshold"] == .int(45))
        let path = try SDKExampleFiles.write(String(decoding: exported.data, as: UTF8.self), named: "exported.json")
        #expect(try await SDKFormat.unified.read(path: path).options().values == options.values)
    }
}
