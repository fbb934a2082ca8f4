import Foundation
import JourneyEngine
import JourneyProfiles
import Orchestrate
import Testing

/// The shapes real SDK configuration files take beyond the basic ones: Android's resource
/// variants and the current JavaScript SDKs' `wellknown` addresses and sections.
@Suite struct SDKShapesImportTests {
    static func android(_ body: String) -> String {
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n\(body)\n</resources>\n"
    }

    @Test func anEmptyAndroidSessionEndpointFallsBackToTheLogoutEndpoint() throws {
        let text = Self.android("""
            <string name="forgerock_url">https://am.example.com/am</string>
            <string name="forgerock_session_endpoint"></string>
            <string name="forgerock_logout_endpoint">/json/realms/root/sessions</string>
            """)
        let imported = try AndroidStringsXML.read(path: try SDKExampleFiles.write(text, named: "strings.xml"))
        #expect(try imported.options().endpoints[.sessionEndpoint] == "/json/realms/root/sessions")
    }

    @Test func aSetAndroidSessionEndpointWinsOverTheLogoutEndpoint() throws {
        let text = Self.android("""
            <string name="forgerock_url">https://am.example.com/am</string>
            <string name="forgerock_session_endpoint">/json/sessions</string>
            <string name="forgerock_logout_endpoint">/json/realms/root/sessions</string>
            """)
        let imported = try AndroidStringsXML.read(path: try SDKExampleFiles.write(text, named: "strings.xml"))
        #expect(try imported.options().endpoints[.sessionEndpoint] == "/json/sessions")
    }

    @Test func anAndroidResourceDefinedTwiceIsRefusedByName() throws {
        let text = Self.android("""
            <string name="forgerock_url">https://one.example.com/am</string>
            <string name="forgerock_url">https://two.example.com/am</string>
            """)
        let path = try SDKExampleFiles.write(text, named: "strings.xml")
        #expect {
            try AndroidStringsXML.read(path: path)
        } throws: { error in
            "\(error)" == "\(path): the <string> resource forgerock_url is defined twice; Android's resource compiler refuses that"
        }
    }

    @Test func anAndroidNameWithTwoTypesIsNotedAndNeitherTaken() throws {
        let text = Self.android("""
            <string name="forgerock_url">https://am.example.com/am</string>
            <string name="forgerock_timeout">20</string>
            <integer name="forgerock_timeout">40</integer>
            """)
        let imported = try AndroidStringsXML.read(path: try SDKExampleFiles.write(text, named: "strings.xml"))
        #expect(imported.values[.timeout] == nil)
        #expect(imported.notes.contains(FormatNote(key: "forgerock_timeout", reason: "defined as both <string> and <integer>, so neither is taken")))
    }

    @Test func anAndroidItemOfATypeIsReadAsThatType() throws {
        let text = Self.android("""
            <item type="string" name="forgerock_url">https://am.example.com/am</item>
            <item type="string" name="forgerock_realm">alpha</item>
            <item type="integer" name="forgerock_timeout">0x14</item>
            """)
        let imported = try AndroidStringsXML.read(path: try SDKExampleFiles.write(text, named: "strings.xml"))
        let options = try imported.options()
        #expect(options.url == "https://am.example.com/am")
        #expect(options.realmText == "alpha")
        #expect(options.timeoutSeconds == 20)
        #expect(imported.notes.isEmpty)
    }

    @Test func aFractionalAndroidIntegerIsRefusedByName() throws {
        let text = Self.android("""
            <string name="forgerock_url">https://am.example.com/am</string>
            <integer name="forgerock_timeout">2.5</integer>
            """)
        let path = try SDKExampleFiles.write(text, named: "strings.xml")
        #expect {
            try AndroidStringsXML.read(path: path)
        } throws: { error in
            "\(error)" == "\(path): forgerock_timeout: <integer>2.5</integer> is not a whole number; Android's resource compiler refuses it"
        }
    }

    @Test func anAMWellknownAddressGivesTheServerAndRealm() async throws {
        let text = """
            {"clientId": "WebOAuthClient", "redirectUri": "https://app.example.com/callback", "scope": "openid profile",
             "serverConfig": {"wellknown": "https://am.example.com/am/oauth2/realms/root/realms/alpha/.well-known/openid-configuration"}}
            """
        let imported = try await SDKFormat.js.read(path: try SDKExampleFiles.write(text, named: "config.json"))
        let options = try imported.options()
        #expect(options.kind == .journey)
        #expect(options.url == "https://am.example.com/am")
        #expect(options.realmText == "alpha")
        #expect(options.oauthClientId == "WebOAuthClient")
        #expect(imported.sourceKeys[.realm] == "serverConfig.wellknown")
        #expect(imported.unknownKeys.isEmpty && imported.notes.isEmpty)
    }

    @Test func anAMWellknownAddressOfTheShortFormAndRootRealm() async throws {
        let short = #"{"serverConfig": {"wellknown": "https://am.example.com/am/oauth2/alpha/.well-known/openid-configuration"}}"#
        let root = #"{"serverConfig": {"wellknown": "http://localhost:9443/am/oauth2/realms/root/.well-known/openid-configuration"}}"#
        let shortOptions = try await SDKFormat.js.read(path: try SDKExampleFiles.write(short, named: "config.json")).options()
        let rootOptions = try await SDKFormat.js.read(path: try SDKExampleFiles.write(root, named: "config.json")).options()
        #expect(shortOptions.realmText == "alpha")
        #expect(rootOptions.url == "http://localhost:9443/am")
        #expect(rootOptions.realmText == "root")
    }

    @Test func aPingOneWellknownAddressMakesADaVinciProfile() async throws {
        let address = "https://auth.pingone.ca/02fb4743-0000-4bc7-9d6c-a919edfe6447/as/.well-known/openid-configuration"
        let text = """
            {"clientId": "654b14e2-0000-4977-8104-c4113e43c537", "redirectUri": "http://localhost:8443/", "scope": "openid profile email",
             "tree": "Login", "serverConfig": {"wellknown": "\(address)", "timeout": 3000}}
            """
        let imported = try await SDKFormat.js.read(path: try SDKExampleFiles.write(text, named: "config.json"))
        let options = try imported.options()
        #expect(options.kind == .davinci)
        #expect(options.discoveryEndpoint?.absoluteString == address)
        #expect(options.clientId == "654b14e2-0000-4977-8104-c4113e43c537")
        #expect(options.scopes == ["openid", "profile", "email"])
        #expect(options.redirectUri == "http://localhost:8443/")
        #expect(options.timeoutSeconds == 3)
        #expect(imported.notes.map(\.key) == ["tree"], "a journey's own option is noted, not taken")
    }

    @Test func anUnknownWellknownAddressIsNoted() async throws {
        let text = #"{"serverConfig": {"baseUrl": "https://am.example.com/am/", "wellknown": "https://idp.example.com/.well-known/openid-configuration"}}"#
        let imported = try await SDKFormat.js.read(path: try SDKExampleFiles.write(text, named: "config.json"))
        #expect(try imported.options().url == "https://am.example.com/am")
        #expect(imported.notes.map(\.key) == ["serverConfig.wellknown"])
    }

    /// Older option names under `journey` and `oidc` are a shape no SDK writes: the unified
    /// configuration's schema refuses it, naming each field as the SDK names it.
    @Test func olderOptionNamesInTheUnifiedSectionsAreRefusedAsTheSDKRefusesThem() async throws {
        let text = """
            {"journey": {"serverConfig": {"wellknown": "https://am.example.com/am/oauth2/realms/root/realms/bravo/.well-known/openid-configuration"},
                         "tree": "Login", "clientId": "JourneyClient"},
             "oidc": {"clientId": "OtherClient", "redirectUri": "https://app.example.com/callback", "scope": "openid"}}
            """
        let path = try SDKExampleFiles.write(text, named: "config.json")
        let error = await #expect(throws: FormatReadError.self) { try await SDKFormat.js.read(path: path) }
        #expect(error?.message == "the JavaScript SDK refuses it: Invalid unified SDK config: "
                + "journey.serverUrl: Required field is missing, oidc.discoveryEndpoint: Required field is missing")
    }
}
