import DaVinci
import DemoPingOne
import Foundation
import Orchestrate
import Testing

/// The demo PingOne's flows for the shapes beyond plain forms, over HTTP on loopback: a label
/// with a link, a phone number with an extension, a reply without a form, a success with a
/// session only, a redirect, and PingOne's password policy rules.
@Suite struct DemoPingOneDetailsTests {
    static let contact: [String: CollectorValue] = [
        "username": .text("demo"), "password": .password("Demo-pass1", confirmation: ""),
        "workPhone": .phone(countryCode: "US", number: "5551234", extension: "89"),
    ]

    @Test func theDetailsFlowKeepsTheLinkSendsTheExtensionAndContinuesPastTheReplyWithoutAForm() async throws {
        try await DaVinciDemo.with(acrValues: [DemoPingOne.detailsPolicy]) { demo in
            let client = demo.client()
            var seen: [DaVinciStep] = []
            let (minted, _) = try await client.walk(try await client.discover()) { step in
                seen.append(step)
                guard seen.count == 1 else { return nil }
                return (step.filled(Self.contact), nil)
            }
            #expect(seen.map(\.formName) == ["Contact details"], "the reply without a form was answered without asking")
            let label = try #require(seen.first?.collectors.first)
            #expect(label.kind == .label && label.label == "Read the terms of use (https://example.com/demo-pingone/terms) before you go on.")
            let phone = try #require(seen.first?.collectors.first { $0.key == "workPhone" })
            #expect(phone.kind == .phoneNumber(defaultCountryCode: "US", extensionLabel: "Extension"))
            #expect(phone.value == .phone(countryCode: "US", number: "", extension: ""), "the form's defaults, extension included")
            #expect(!minted.tokens.accessToken.isEmpty)
        }
    }

    @Test func aSuccessWithOnlyASessionSignsOnAtPingOneButGivesNoTokens() async throws {
        try await DaVinciDemo.with(acrValues: [DemoPingOne.sessionOnlyPolicy]) { demo in
            let client = demo.client()
            await #expect(throws: DaVinciError.sessionWithoutCode) {
                _ = try await client.walk(try await client.discover()) { step in (step.filled(Self.contact), nil) }
            }
            #expect(await client.connection.cookieJar.cookie(named: "ST") != nil, "PingOne's session cookie is kept")
        }
    }

    @Test func aRedirectNamesWhereItPoints() async throws {
        try await DaVinciDemo.with(acrValues: [DemoPingOne.redirectPolicy]) { demo in
            let client = demo.client()
            await #expect {
                _ = try await client.walk(try await client.discover()) { _ in nil }
            } throws: { error in
                guard case .redirected(302, let location)? = error as? DaVinciError else { return false }
                return location.contains("/\(DemoPingOne.defaultEnvironmentId)/signon/") && location.hasSuffix("(its query left out)")
                    && (error as? DaVinciError)?.description.contains("redirected (HTTP 302) to http://127.0.0.1:") == true
            }
        }
    }

    @Test func pingOnesRuleByRuleRefusalIsShownBesideThePasswordAndRepeatsCountInARow() async throws {
        try await DaVinciDemo.with(acrValues: [DemoPingOne.registrationPolicy]) { demo in
            let client = demo.client()
            var seen: [DaVinciStep] = []
            _ = try await client.walk(try await client.discover()) { step in
                seen.append(step)
                switch seen.count {
                case 1:
                    // "ooo": three in a row, which PingOne's maxRepeatedCharacters (2) refuses.
                    return (step.filled(["user.email": .text("fruit@example.com"), "user.username": .text("fruit"), "user.country": .choice("FR"),
                                         "consents": .choices(["terms"]), "user.password": .password("Goood-apple1", confirmation: "Goood-apple1")]), nil)
                case 2:
                    // Three a's, none side by side: within the rule.
                    return (step.filled(["user.password": .password("Banana-split1", confirmation: "Banana-split1")]), nil)
                case 3:
                    return (step.filled(["otp": .text(await demo.lastCode() ?? "")]), nil)
                default:
                    return nil
                }
            }
            #expect(seen.map(\.formName) == ["Registration", "Registration", "One-time code"])
            let messages = seen[1].fieldMessages["user.password"] ?? []
            #expect(messages.contains("The password has a character more than 2 times in a row."), "\(messages)")
            #expect(messages.contains("The password did not satisfy password policy requirements"))
        }
    }
}
