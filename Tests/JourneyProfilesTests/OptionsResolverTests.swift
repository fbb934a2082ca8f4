import Foundation
import JourneyEngine
import JourneyProfiles
import Orchestrate
import Testing

@Suite struct OptionsResolverTests {
    @Test func readsEveryValueOfAProfileWithItsLine() async throws {
        let file = try profilesFile(labProfile)
        let resolved = try OptionsResolver.resolve(OptionLayers(environment: [:], profileName: "lab", profilesFile: file))
        let options = resolved.options
        #expect(options.url == "https://am.lab.example.com/am")
        #expect(options.realmText == "alpha")
        #expect(options.cookieName == "5421aeddf91aa20")
        #expect(options.timeoutSeconds == 12)
        #expect(options.oauthScope == "openid profile")
        #expect(options.sslPinningPublicKeyHashes == ["C5+lpZ7tcVwmwQIMcRtPbsQtWLABXhQzejna0wHFr8M="])
        #expect(options.headers == [HTTPHeader("X-Tenant", "lab")])
        #expect(resolved.sources[.realm] == .profile(name: "lab", file: file.path, line: 4))
        #expect(resolved.sources[.headers] == .profile(name: "lab", file: file.path, line: 12))
        #expect(resolved.sources[.enableCookie] == .defaultValue)
        #expect(options.enableCookie)
        #expect(options.authServiceName == "Login")
        #expect(try options.oauthConfiguration()?.clientId == "journeyterm")
    }

    @Test func flagsBeatTheEnvironmentWhichBeatsTheProfile() async throws {
        let file = try profilesFile(labProfile)
        let layers = OptionLayers(
            flags: [.realm: .init(.text("bravo"), source: .flag("--realm"))],
            environment: ["JOURNEY_REALM": "charlie", "JOURNEY_COOKIE_NAME": "fromEnv", "JOURNEY_TIMEOUT": "7"],
            profileName: "lab", profilesFile: file)
        let resolved = try OptionsResolver.resolve(layers)
        #expect(resolved.options.realmText == "bravo")
        #expect(resolved.sources[.realm] == .flag("--realm"))
        #expect(resolved.options.cookieName == "fromEnv")
        #expect(resolved.sources[.cookieName] == .environment(variable: "JOURNEY_COOKIE_NAME"))
        #expect(resolved.options.timeoutSeconds == 7)
        #expect(resolved.options.url == "https://am.lab.example.com/am")
        #expect(resolved.sources[.url] == .profile(name: "lab", file: file.path, line: 3))
    }

    @Test func environmentNamesFollowTheOptionNames() {
        #expect(EnvironmentOptions.variable(for: .cookieName) == "JOURNEY_COOKIE_NAME")
        #expect(EnvironmentOptions.variable(for: .oauthClientId) == "JOURNEY_OAUTH_CLIENT_ID")
        #expect(EnvironmentOptions.variable(for: .sslPinningPublicKeyHashes) == "JOURNEY_SSL_PINNING_PUBLIC_KEY_HASHES")
    }

    @Test func anOptionIsSetOnlyByItsOwnVariable() {
        #expect(EnvironmentOptions.sets(.url, in: ["JOURNEY_URL": "http://am.example/am"]))
        #expect(!EnvironmentOptions.sets(.url, in: ["JOURNEY_REALM": "alpha", "URL": "http://am.example/am"]))
        #expect(!EnvironmentOptions.sets(.url, in: [:]))
        #expect(EnvironmentOptions.setsOptions(["JOURNEY_COOKIE_NAME": "iPlanetDirectoryPro"]))
        #expect(!EnvironmentOptions.setsOptions(["JOURNEY_PROFILE": "lab", "HOME": "/root"]))
        #expect(EnvironmentOptions.unknownVariables(in: ["HOME": "/root"]).isEmpty)
        #expect(EnvironmentOptions.unknownVariables(in: ["JOURNEY_REALMS": "alpha"]).map(\.suggestion) == ["JOURNEY_REALM"])
    }

    @Test func everyOptionCanComeFromTheEnvironment() async throws {
        let file = try profilesFile("")
        var environment: [String: String] = [:]
        let samples: [OptionKey: String] = [
            .kind: "journey", .url: "https://am.example.com/am", .realm: "alpha", .timeout: "5", .enableCookie: "false", .cookieName: "c1",
            .cookieCache: "10", .authServiceName: "SignIn", .registrationServiceName: "SignUp", .journeys: "exports/Login.journey.json,exports/alpha", .oauthClientId: "app",
            .oauthRedirectUri: "com.example:/cb", .oauthSignOutRedirectUri: "com.example:/out", .oauthScope: "openid",
            .oauthThreshold: "60", .oauthCache: "5",
            .sslPinningPublicKeyHashes: "C5+lpZ7tcVwmwQIMcRtPbsQtWLABXhQzejna0wHFr8M=,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
            .caBundle: "/tmp/ca.pem", .insecure: "false", .preset: "multi-user", .sessionStore: "s1", .tokenStore: "t1", .cookieStore: "c1",
            .keychainAccessGroup: "g1", .authenticateEndpoint: "json/{realm}/authenticate", .authorizeEndpoint: "/oauth2/authorize",
            .tokenEndpoint: "https://idp.example.com/token", .revokeEndpoint: "r", .userinfoEndpoint: "u", .sessionEndpoint: "s",
            .endSessionEndpoint: "e", .locale: "fr", .headers: "X-A: 1,X-B: 2", .queryParameters: "a=1", .logLevel: "trace",
            .loadAllowed: "true",
        ]
        let davinci: [OptionKey: String] = [
            .kind: "davinci", .discoveryEndpoint: "https://auth.pingone.example/env/as/.well-known/openid-configuration", .clientId: "app",
            .scopes: "openid profile", .redirectUri: "com.example:/cb", .acrValues: "policy-1",
        ]
        #expect(Set(samples.keys).union(davinci.keys) == Set(OptionKey.allCases))
        for (key, value) in samples { environment[EnvironmentOptions.variable(for: key)] = value }
        let resolved = try OptionsResolver.resolve(OptionLayers(environment: environment, profilesFile: file))
        for key in samples.keys {
            #expect(resolved.sources[key] == .environment(variable: EnvironmentOptions.variable(for: key)), "\(key)")
        }
        // A DaVinci instance's options, with those both kinds take.
        var davinciEnvironment = environment.filter { name, _ in OptionKey.allCases.contains { EnvironmentOptions.variable(for: $0) == name && $0.onlyFor == nil } }
        for (key, value) in davinci { davinciEnvironment[EnvironmentOptions.variable(for: key)] = value }
        let resolvedDaVinci = try OptionsResolver.resolve(OptionLayers(environment: davinciEnvironment, profilesFile: file))
        for key in davinci.keys {
            #expect(resolvedDaVinci.sources[key] == .environment(variable: EnvironmentOptions.variable(for: key)), "\(key)")
        }
        #expect(resolvedDaVinci.options.kind == .davinci && resolvedDaVinci.options.scopes == ["openid", "profile"])
        #expect(resolved.options.sslPinningPublicKeyHashes.count == 2)
        #expect(resolved.options.headers.count == 2)
        #expect(resolved.options.enableCookie == false)
        #expect(resolved.options.logLevel == .trace)
        #expect(resolved.options.loadAllowed)
    }

    @Test func problemsNameTheOptionAndWhereTheValueCameFrom() async throws {
        let file = try profilesFile("""
        lab:
          url: ""
          timeout: -3
          oauthRedirectUri: not a uri
          sslPinningPublicKeyHashes: [abc]
        """)
        let layers = OptionLayers(flags: [.oauthThreshold: .init(.text("0"), source: .flag("--oauth-threshold"))],
                                  environment: ["JOURNEY_COOKIE_NAME": "a b"], profileName: "lab", profilesFile: file)
        let error = #expect(throws: OptionErrors.self) { try OptionsResolver.resolve(layers) }
        let text = error?.description ?? ""
        #expect(text.contains("url \"\" cannot be used: it is empty") && text.contains("profiles.yaml:2)"))
        #expect(text.contains("timeout \"-3\" cannot be used: it must be more than zero") && text.contains("profiles.yaml:3)"))
        #expect(text.contains("oauthRedirectUri \"not a uri\" cannot be used: it is not a URI"))
        #expect(text.contains("sslPinningPublicKeyHashes \"abc\" cannot be used: a pin is the base64 of a 32-byte SHA-256"))
        #expect(text.contains("oauthThreshold \"0\" cannot be used: it must be more than zero (from flag --oauth-threshold)"))
        #expect(text.contains("cookieName \"a b\" cannot be used") && text.contains("(from environment JOURNEY_COOKIE_NAME)"))
    }

    @Test func aMissingURLIsRequired() async throws {
        let error = #expect(throws: OptionErrors.self) {
            try OptionsResolver.resolve(OptionLayers(environment: [:], profilesFile: try profilesFile("")))
        }
        #expect(error?.description.contains("url \"\" cannot be used: it is required") == true)
    }

    @Test func unknownKeysAreRefusedWithASuggestion() async throws {
        let file = try profilesFile("lab:\n  url: http://a/am\n  cookeName: x\n")
        let error = #expect(throws: OptionErrors.self) {
            try OptionsResolver.resolve(OptionLayers(environment: [:], profileName: "lab", profilesFile: file))
        }
        #expect(error?.description == "\(file.path):3: unknown option \"cookeName\" in profile lab. Did you mean cookieName?")
        let environmentError = #expect(throws: OptionErrors.self) {
            try OptionsResolver.resolve(OptionLayers(environment: ["JOURNEY_URL": "http://a/am", "JOURNEY_REALMS": "x"],
                                                           profilesFile: try profilesFile("")))
        }
        #expect(environmentError?.description == "The environment variable JOURNEY_REALMS sets no option. Did you mean JOURNEY_REALM?")
    }

    @Test func badYAMLAndUnknownProfilesSayWhere() async throws {
        let broken = try profilesFile("lab:\n  url: [unclosed\n")
        let error = #expect(throws: OptionErrors.self) {
            try OptionsResolver.resolve(OptionLayers(environment: [:], profileName: "lab", profilesFile: broken))
        }
        #expect(error?.description.hasPrefix("\(broken.path):") == true)
        #expect(error?.description.contains("not valid YAML") == true)
        let missing = #expect(throws: OptionErrors.self) {
            try OptionsResolver.resolve(OptionLayers(environment: [:], profileName: "prod", profilesFile: try profilesFile(labProfile)))
        }
        #expect(missing?.description.contains("There is no profile \"prod\"") == true)
        #expect(missing?.description.contains("its profiles are lab, other") == true)
    }

    @Test func aProfileNamedInTheEnvironmentIsUsed() async throws {
        let file = try profilesFile(labProfile)
        let resolved = try OptionsResolver.resolve(OptionLayers(environment: ["JOURNEY_PROFILE": "other"], profilesFile: file))
        #expect(resolved.options.url == "http://127.0.0.1:8180/am")
        #expect(resolved.profileName == "other")
    }
}
