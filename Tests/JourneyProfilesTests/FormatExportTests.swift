import Foundation
import JourneyEngine
import JourneyProfiles
import Orchestrate
import Testing

@Suite struct FormatExportTests {
    /// A profile tuned in the terminal: custom endpoints with `{realm}`, a full-URL endpoint on
    /// another server, a fractional timeout, and options only JourneyTerm has.
    static func tuned() throws -> ClientOptions {
        try ClientOptions(values: [
            .url: .text("https://am.lab.example.com/am"), .realm: .text("alpha"), .timeout: .text("12.5"),
            .enableCookie: .text("false"), .cookieName: .text("5421aeddf91aa20"), .cookieCache: .text("10"),
            .authServiceName: .text("SignIn"), .registrationServiceName: .text("SignUp"),
            .oauthClientId: .text("journeyterm"), .oauthRedirectUri: .text("http://127.0.0.1/callback"),
            .oauthSignOutRedirectUri: .text("http://127.0.0.1/logout"), .oauthScope: .text("openid profile"),
            .oauthThreshold: .text("45"), .oauthCache: .text("3"),
            .sslPinningPublicKeyHashes: .list([SDKExampleFiles.pinA]), .keychainAccessGroup: .text("shared"),
            .authenticateEndpoint: .text("json/{realm}/authenticate"),
            .tokenEndpoint: .text("https://idp.example.com/token"),
            .sessionEndpoint: .text("https://am.lab.example.com/am/json/realms/root/realms/alpha/sessions"),
            .headers: .list(["X-Tenant: lab"]), .logLevel: .text("trace"),
        ])
    }

    @Test func writesAnIOSPlistWithTheSDKsKeysAndUnits() throws {
        let exported = SDKFormat.plist.export(try Self.tuned())
        let plist = try #require(try PropertyListSerialization.propertyList(from: exported.data, format: nil) as? [String: Any])
        #expect(plist["forgerock_url"] as? String == "https://am.lab.example.com/am")
        #expect(plist["forgerock_realm"] as? String == "alpha")
        #expect(plist["forgerock_timeout"] as? String == "12.5")
        #expect(plist["forgerock_enable_cookie"] as? Bool == false)
        #expect(plist["forgerock_oauth_threshold"] as? String == "45")
        #expect(plist["forgerock_keychain_access_group"] as? String == "shared")
        #expect(plist["forgerock_ssl_pinning_public_key_hashes"] as? [String] == [SDKExampleFiles.pinA])
        #expect(plist["forgerock_authenticate_endpoint"] as? String == "/json/realms/root/realms/alpha/authenticate")
        #expect(plist["forgerock_token_endpoint"] as? String == "https://idp.example.com/token")
        #expect(plist["forgerock_oauth_sign_out_redirect_uri"] as? String == "http://127.0.0.1/logout")
        #expect(exported.omitted.map(\.key) == ["cookieCache", "oauthCache", "headers", "logLevel"])
        #expect(exported.omitted.allSatisfy { $0.reason == "the iOS SDK has no such option" })
    }

    @Test func writesAndroidResourcesWithIntegerSeconds() throws {
        let exported = SDKFormat.stringsXML.export(try Self.tuned())
        let text = String(decoding: exported.data, as: UTF8.self)
        #expect(text.contains("<string name=\"forgerock_url\" translatable=\"false\">https://am.lab.example.com/am</string>"))
        #expect(text.contains("<integer name=\"forgerock_timeout\">13</integer>"))
        #expect(text.contains("<integer name=\"forgerock_cookie_cache\">10</integer>"))
        #expect(text.contains("<string name=\"forgerock_auth_service\" translatable=\"false\">SignIn</string>"))
        #expect(text.contains("<string-array name=\"forgerock_ssl_pinning_public_key_hashes\" translatable=\"false\">\n        <item>\(SDKExampleFiles.pinA)</item>\n    </string-array>"))
        #expect(exported.omitted.map(\.key) == ["timeout", "enableCookie", "keychainAccessGroup", "headers", "logLevel"])
        #expect(exported.omitted.first?.reason == "written as 13 s (rounded up): the SDK reads whole seconds only")
    }

    @Test func writesJavaScriptOptionsInMilliseconds() throws {
        let exported = SDKFormat.js.export(try Self.tuned())
        let json = try #require(try JSONSerialization.jsonObject(with: exported.data) as? [String: Any])
        let server = try #require(json["serverConfig"] as? [String: Any])
        let paths = try #require(server["paths"] as? [String: Any])
        #expect(server["baseUrl"] as? String == "https://am.lab.example.com/am/")
        #expect(server["timeout"] as? Int == 12500)
        #expect(json["oauthThreshold"] as? Int == 45000)
        #expect(json["realmPath"] as? String == "alpha")
        #expect(json["tree"] as? String == "SignIn")
        #expect(json["logLevel"] as? String == "debug")
        #expect(paths["authenticate"] as? String == "json/realms/root/realms/alpha/authenticate")
        #expect(paths["sessions"] as? String == "/am/json/realms/root/realms/alpha/sessions")
        #expect(paths["accessToken"] == nil)
        #expect(exported.omitted.map(\.key) == [
            "cookieCache", "cookieName", "enableCookie", "headers", "keychainAccessGroup", "logLevel", "oauthCache",
            "registrationServiceName", "sslPinningPublicKeyHashes", "tokenEndpoint",
        ])
        #expect(json["signOutRedirectUri"] as? String == "http://127.0.0.1/logout")
    }

    @Test func aFractionalThresholdIsWrittenInWholeSecondsForTheIOSSDK() async throws {
        var values = try Self.tuned().values
        values[.oauthThreshold] = .text("12.5")
        let exported = SDKFormat.plist.export(try ClientOptions(values: values))
        let plist = try #require(try PropertyListSerialization.propertyList(from: exported.data, format: nil) as? [String: Any])
        #expect(plist["forgerock_oauth_threshold"] as? String == "13", "the iOS SDK reads the threshold with Int(_:)")
        #expect(plist["forgerock_timeout"] as? String == "12.5", "and the timeout with Double(_:)")
        #expect(exported.omitted.contains(FormatNote(key: "oauthThreshold", reason: "written as 13 s (rounded up): the SDK reads whole seconds only")))
    }

    @Test func aFractionalThresholdInAPlistIsNotedAsTheIOSSDKIgnoresIt() async throws {
        let text = SDKExampleFiles.plist.replacingOccurrences(
            of: "<key>forgerock_oauth_threshold</key>\n\t<string>60</string>", with: "<key>forgerock_oauth_threshold</key>\n\t<string>2.5</string>")
        let imported = try await SDKFormat.plist.read(path: try SDKExampleFiles.write(text, named: "FRAuthConfig.plist"))
        #expect(imported.values[.oauthThreshold] == nil)
        #expect(imported.notes == [FormatNote(key: "forgerock_oauth_threshold", reason: "the iOS SDK reads whole seconds here and uses its default for \"2.5\"")])
    }

    @Test(arguments: SDKFormat.allCases)
    func optionsTheProfileDoesNotSetAreLeftToTheSDKsDefaults(format: SDKFormat) throws {
        let options = try ClientOptions(values: [.url: .text("https://am.example.com/am"), .realm: .text("alpha")])
        let exported = format.export(options, defaulted: [.timeout, .oauthThreshold, .enableCookie, .cookieName])
        let text = String(decoding: exported.data, as: UTF8.self)
        #expect(!text.contains("timeout") && !text.contains("threshold") && !text.contains("Threshold"), "\(text)")
        #expect(text.contains("alpha"))
        let noted = try #require(exported.omitted.first { $0.key == "not set in the profile" })
        #expect(noted.reason.hasPrefix("left out, so the ") && noted.reason.contains("SDK's own defaults apply: "), "\(noted)")
        #expect(noted.reason.contains("timeout") && noted.reason.contains("oauthThreshold"))
    }

    @Test func escapesAndroidTextSoItReadsBack() throws {
        var options = try Self.tuned()
        options.authServiceName = "Bob's\"Login\"&more"
        options.oauthClientId = "@app"
        let path = try SDKExampleFiles.write(SDKFormat.stringsXML.export(options).data, named: "strings.xml")
        let imported = try AndroidStringsXML.read(path: path)
        #expect(imported.values[.authServiceName] == .text("Bob's\"Login\"&more"))
        #expect(imported.values[.oauthClientId] == .text("@app"))
    }

    @Test(arguments: [
        (SDKFormat.plist, SDKExampleFiles.plist, "FRAuthConfig.plist"),
        (SDKFormat.stringsXML, SDKExampleFiles.stringsXML, "strings.xml"),
        (SDKFormat.js, SDKExampleFiles.javaScriptJSON, "config.json"),
    ])
    func importExportImportRoundTrips(format: SDKFormat, example: String, name: String) async throws {
        let first = try await format.read(path: try SDKExampleFiles.write(example, named: name)).options()
        let exported = format.export(first)
        let second = try await format.read(path: try SDKExampleFiles.write(exported.data, named: name))
        #expect(try second.options() == first)
        #expect(second.unknownKeys.isEmpty)
        #expect(format.export(try second.options()).data == exported.data)
    }

    @Test(arguments: SDKFormat.allCases)
    func aTunedProfileSettlesAfterOneRoundTrip(format: SDKFormat) async throws {
        let exported = format.export(try Self.tuned())
        let path = try SDKExampleFiles.write(exported.data, named: "exported")
        let imported = try await format.read(path: path)
        #expect(format.export(try imported.options()).data == exported.data)
    }
}
