import Foundation
import JourneyEngine
import JourneyProfiles
import Testing

@Suite struct FormatImportTests {
    @Test func readsAnIOSPlist() async throws {
        let path = try SDKExampleFiles.write(SDKExampleFiles.plist, named: "FRAuthConfig.plist")
        let imported = try await SDKFormat.plist.read(path: path)
        let options = try imported.options()
        #expect(options.url == "https://openam.example.com:8443/openam")
        #expect(options.realmText == "alpha")
        #expect(options.timeoutSeconds == 60)
        #expect(options.enableCookie)
        #expect(options.cookieName == "5421aeddf91aa20")
        #expect(options.authServiceName == "UsernamePassword")
        #expect(options.registrationServiceName == "signUp")
        #expect(options.oauthClientId == "iosclient")
        #expect(options.oauthRedirectUri == "org.forgerock.demo://oauth2redirect")
        #expect(options.oauthSignOutRedirectUri == "org.forgerock.demo://oauth2redirect")
        #expect(options.oauthScope == "openid profile email address")
        #expect(options.oauthThresholdSeconds == 60)
        #expect(options.keychainAccessGroup == "com.forgerock.sso")
        #expect(options.sslPinningPublicKeyHashes == [SDKExampleFiles.pinA, SDKExampleFiles.pinB])
        #expect(options.endpoints[.authenticateEndpoint] == "/json/realms/root/realms/alpha/authenticate")
        #expect(options.endpoints[.endSessionEndpoint] == "https://openam.example.com:8443/openam/oauth2/realms/root/realms/alpha/connect/endSession")
        #expect(imported.unknownKeys == ["forgerock_oauth_url"])
        #expect(imported.notes.isEmpty)
        #expect(imported.sourceKeys[.timeout] == "forgerock_timeout")
    }

    @Test func readsAPlistWhoseSecondsAreNumbers() async throws {
        let text = SDKExampleFiles.plist.replacingOccurrences(
            of: "<key>forgerock_timeout</key>\n\t<string>60</string>", with: "<key>forgerock_timeout</key>\n\t<integer>15</integer>")
        let imported = try await SDKFormat.plist.read(path: try SDKExampleFiles.write(text, named: "FRAuthConfig.plist"))
        #expect(try imported.options().timeoutSeconds == 15)
    }

    @Test func namesAPlistValueOfTheWrongKind() async throws {
        let text = SDKExampleFiles.plist.replacingOccurrences(
            of: "<key>forgerock_realm</key>\n\t<string>alpha</string>", with: "<key>forgerock_realm</key>\n\t<array><string>alpha</string></array>")
        let imported = try await SDKFormat.plist.read(path: try SDKExampleFiles.write(text, named: "FRAuthConfig.plist"))
        #expect(imported.values[.realm] == nil)
        #expect(imported.notes == [FormatNote(key: "forgerock_realm", reason: "the iOS SDK reads text here, not a list")])
    }

    @Test func readsAnAndroidStringsFile() throws {
        let path = try SDKExampleFiles.write(SDKExampleFiles.stringsXML, named: "strings.xml")
        let imported = try AndroidStringsXML.read(path: path)
        let options = try imported.options()
        #expect(options.url == "https://openam.example.com:8443/openam")
        #expect(options.realmText == "parent/child")
        #expect(options.timeoutSeconds == 45)
        #expect(options.cookieCacheSeconds == 10)
        #expect(options.oauthClientId == "AndroidTest")
        #expect(options.oauthSignOutRedirectUri == "org.forgerock.demo:/logout")
        #expect(options.oauthThresholdSeconds == 30)
        #expect(options.oauthCacheSeconds == 5)
        #expect(options.authServiceName == "UsernamePassword")
        #expect(options.sslPinningPublicKeyHashes == [SDKExampleFiles.pinA])
        #expect(options.endpoints[.authenticateEndpoint] == nil)
        #expect(options.endpoints[.sessionEndpoint] == "/json/realms/root/realms/parent/realms/child/sessions")
        #expect(imported.unknownKeys == ["forgerock_oauth_url", "forgerock_sso_logout"])
        #expect(imported.notes.map(\.key) == ["1 other resource"])
    }

    @Test func decodesAndroidEscapesAndRefusesReferences() throws {
        let text = """
        <resources>
            <string name="forgerock_auth_service">Bob\\'s\\"Login\\"</string>
            <string name="forgerock_oauth_scope">"openid   profile"  \\u0065mail</string>
            <string name="forgerock_oauth_client_id">\\@app &amp; co</string>
            <string name="forgerock_url">@string/server_url</string>
            <integer name="forgerock_oauth_cache">@integer/cache</integer>
            <string name="forgerock_timeout">30</string>
        </resources>
        """
        let imported = try AndroidStringsXML.read(path: try SDKExampleFiles.write(text, named: "strings.xml"))
        #expect(imported.values[.authServiceName] == .text("Bob's\"Login\""))
        #expect(imported.values[.oauthScope] == .text("openid   profile email"))
        #expect(imported.values[.oauthClientId] == .text("@app & co"))
        #expect(imported.values[.url] == nil)
        #expect(imported.notes.contains { $0.key == "forgerock_url" && $0.reason.contains("@string/server_url") && $0.reason.contains("not followed") })
        #expect(imported.notes.contains { $0.key == "forgerock_oauth_cache" && $0.reason.contains("@integer/cache") })
        #expect(imported.notes.contains(FormatNote(key: "forgerock_timeout", reason: "the Android SDK reads a whole number of seconds here, not text")))
    }

    @Test func refusesXMLThatIsNotResources() throws {
        let path = try SDKExampleFiles.write("<manifest><application/></manifest>", named: "AndroidManifest.xml")
        #expect(throws: FormatReadError.self) { try AndroidStringsXML.read(path: path) }
        let broken = try SDKExampleFiles.write("<resources><string name=\"a\">x</resources>", named: "strings.xml")
        #expect(throws: FormatReadError.self) { try AndroidStringsXML.read(path: broken) }
    }

    /// Found by the imports fuzz target: FoundationXML trapped on an element name that is not UTF-8.
    @Test func refusesAStringsFileThatIsNotUTF8InsteadOfCrashing() throws {
        let path = try SDKExampleFiles.write("", named: "strings.xml")
        try Data("<resources>\n<reso".utf8 + [0xFF] + Data("urces><string name=\"forgerock_url\">x</string></resources>".utf8))
            .write(to: URL(filePath: path))
        #expect {
            try AndroidStringsXML.read(path: path)
        } throws: { error in
            "\(error)".contains("\(path):2") && "\(error)".contains("not UTF-8")
        }
    }

    /// Found by the imports fuzz target: FoundationXML read a null pointer for `<?xml?>`.
    @Test func refusesAStringsFileWithAnEmptyProcessingInstruction() throws {
        let path = try SDKExampleFiles.write("<?xml?><resources>\n<?target?><string name=\"forgerock_url\">x</string></resources>",
                                             named: "strings.xml")
        #expect {
            try AndroidStringsXML.read(path: path)
        } throws: { error in
            "\(error)".contains("\(path):1") && "\(error)".contains("processing instruction")
        }
    }

    @Test func aJavaScriptConfigThatIsNotJSONSaysTheLineAndColumn() async throws {
        let text = "{\n  \"serverConfig\": {\n    \"baseUrl\": \"https://am.example.com/am\",\n    \"timeout\": 3000 x\n  }\n}\n"
        let path = try SDKExampleFiles.write(text, named: "config.json")
        await #expect {
            _ = try await SDKFormat.js.read(path: path)
        } throws: { error in
            "\(error)" == "\(path): line 4, column 21: invalid value (not valid JSON)"
        }
    }

    @Test func aJourneyNameWithASpaceIsTakenAsTheSDKsTakeIt() async throws {
        let text = #"{"serverConfig": {"baseUrl": "https://am.example.com/am"}, "tree": "Registration Tree2", "logLevel": "DEBUG"}"#
        let imported = try await SDKFormat.js.read(path: try SDKExampleFiles.write(text, named: "config.json"))
        let options = try imported.options()
        #expect(options.authServiceName == "Registration Tree2")
        #expect(options.logLevel == .debug, "log levels in any case")
    }

    @Test func anyKeychainAccessGroupTheSDKTakesNamesTheStores() async throws {
        let group = "ABCDE12345.com.forgerock.ios.FRExample.shared.keychain.access.group.*"
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>forgerock_url</key><string>https://am.example.com/am</string>
            <key>forgerock_keychain_access_group</key><string>\(group)</string>
            </dict></plist>
            """
        let imported = try await SDKFormat.plist.read(path: try SDKExampleFiles.write(text, named: "FRAuthConfig.plist"))
        let options = try imported.options()
        #expect(options.keychainAccessGroup == group)
        let stores = options.stores(forInstance: "default")
        #expect(stores.session.hasPrefix("session-group-ABCDE12345.com.forgerock.ios.FRExample.s-"), "\(stores.session)")
        #expect(stores.tokens.hasPrefix("tokens-group-ABCDE12345.com.forgerock.ios.FRExample.s-"))
        #expect(try ClientOptions(values: [.url: .text("https://am.example.com/am"), .keychainAccessGroup: .text("g1")])
            .stores(forInstance: "default").session == "session-group-g1", "a plain group names its stores as it always did")
        let other = try ClientOptions(values: [.url: .text("https://am.example.com/am"), .keychainAccessGroup: .text(group.replacingOccurrences(of: "*", with: "?"))])
        #expect(other.stores(forInstance: "default").session != stores.session, "two groups never share stores by accident")
    }

    @Test func aPlistIsReadWithTheTypesTheIOSSDKReads() async throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>forgerock_url</key><string>https://am.example.com/am</string>
            <key>forgerock_timeout</key><true/>
            <key>forgerock_enable_cookie</key><string>true</string>
            <key>forgerock_ssl_pinning_public_key_hashes</key><string>abc</string>
            <key>forgerock_created</key><date>2024-01-01T00:00:00Z</date>
            <key>forgerock_extra</key><array><dict><key>a</key><string>b</string></dict></array>
            </dict></plist>
            """
        let imported = try await SDKFormat.plist.read(path: try SDKExampleFiles.write(text, named: "FRAuthConfig.plist"))
        let options = try imported.options()
        #expect(options.timeoutSeconds != 1, "a <true/> is not a timeout of 1 s")
        #expect(imported.notes.map(\.key).sorted() == ["forgerock_enable_cookie", "forgerock_ssl_pinning_public_key_hashes", "forgerock_timeout"])
        #expect(imported.notes.first { $0.key == "forgerock_enable_cookie" }?.reason == "the iOS SDK reads a boolean here, not text")
        #expect(imported.unknownKeys == ["forgerock_created", "forgerock_extra"], "a <date> or an array of dictionaries never breaks the reader")
    }

    @Test func readsAJavaScriptConfig() async throws {
        let path = try SDKExampleFiles.write(SDKExampleFiles.javaScriptJSON, named: "config.json")
        let imported = try await SDKFormat.js.read(path: path)
        let options = try imported.options()
        #expect(options.url == "https://openam.example.com:9443/am")
        #expect(options.timeoutSeconds == 5)
        #expect(options.realmText == "alpha")
        #expect(options.authServiceName == "UsernamePassword")
        #expect(options.oauthClientId == "WebOAuthClient")
        #expect(options.oauthRedirectUri == "https://sdkapp.example.com:8443/_callback")
        #expect(options.oauthScope == "openid profile email")
        #expect(options.oauthThresholdSeconds == 60)
        #expect(options.logLevel == .warning)
        #expect(options.endpoints[.authenticateEndpoint] == "json/realms/root/realms/alpha/authenticate")
        #expect(options.endpoints[.sessionEndpoint] == "https://openam.example.com:9443/am/json/realms/root/realms/alpha/sessions")
        #expect(imported.unknownKeys == ["prefix", "tokenStore"])
        #expect(imported.sourceKeys[.url] == "serverConfig.baseUrl")
    }

    @Test func namesTheFileKeyOfABadValue() async throws {
        let text = SDKExampleFiles.javaScriptJSON.replacingOccurrences(of: "\"timeout\": 5000", with: "\"timeout\": -5")
        let imported = try await SDKFormat.js.read(path: try SDKExampleFiles.write(text, named: "config.json"))
        #expect {
            try imported.options()
        } throws: { error in
            (error as? ImportProblems)?.messages.first?.hasPrefix("serverConfig.timeout: timeout \"-0.005\" cannot be used") == true
        }
    }

    @Test func detectsTheFormat() {
        #expect(SDKFormat.detect(path: "FRAuthConfig.plist", contents: Data()) == .plist)
        #expect(SDKFormat.detect(path: "config.json", contents: Data()) == .js)
        #expect(SDKFormat.detect(path: "values.xml", contents: Data("<?xml version=\"1.0\"?>\n<resources/>".utf8)) == .stringsXML)
        #expect(SDKFormat.detect(path: "Config", contents: Data(SDKExampleFiles.plist.utf8)) == .plist)
        #expect(SDKFormat.detect(path: "config.txt", contents: Data("  {\"serverConfig\": {}}".utf8)) == .js)
        #expect(SDKFormat.detect(path: "notes.txt", contents: Data("hello".utf8)) == nil)
    }
}
