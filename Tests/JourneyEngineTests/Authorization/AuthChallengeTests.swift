import JourneyEngine
import Testing

struct AuthChallengeTests {
    @Test func readsRFC9470StepUpChallenges() throws {
        let challenges = try AuthChallenge.parse(#"Bearer error="insufficient_user_authentication", error_description="A different authentication level is required", acr_values="myACR""#)
        #expect(challenges.count == 1)
        let bearer = try #require(challenges.first.flatMap(BearerChallenge.init))
        #expect(bearer == BearerChallenge(error: "insufficient_user_authentication",
                                          errorDescription: "A different authentication level is required", acrValues: ["myACR"]))
        let recent = try #require(AuthChallenge.parse(#"Bearer error="insufficient_user_authentication", error_description="More recent authentication is required", max_age="5""#).first)
        #expect(BearerChallenge(recent)?.maxAge == 5)
        let both = try #require(AuthChallenge.parse(#"bearer ERROR=insufficient_user_authentication, acr_values="urn:mace:incommon:iap:silver  phr", max_age=0"#).first)
        #expect(BearerChallenge(both) == BearerChallenge(error: "insufficient_user_authentication",
                                                         acrValues: ["urn:mace:incommon:iap:silver", "phr"], maxAge: 0))
        #expect(BearerChallenge(try #require(AuthChallenge.parse("Bearer max_age=-1").first))?.maxAge == nil)
    }

    @Test func readsRFC6750Challenges() throws {
        let scope = try #require(AuthChallenge.parse(#"Bearer realm="example", error="insufficient_scope", scope="read write""#).first)
        #expect(BearerChallenge(scope) == BearerChallenge(realm: "example", error: "insufficient_scope", scope: ["read", "write"]))
        let invalid = try #require(AuthChallenge.parse(#"Bearer realm="example", error="invalid_token", error_description="The access token expired""#).first)
        #expect(BearerChallenge(invalid)?.errorDescription == "The access token expired")
        #expect(try AuthChallenge.parse(#"Bearer realm="example""#) == [AuthChallenge(scheme: "Bearer", parameters: ["realm": "example"])])
        #expect(BearerChallenge(AuthChallenge(scheme: "Basic")) == nil)
    }

    @Test func readsSeveralChallengesInOneHeaderAndAcrossFields() throws {
        let advices = "eyJUcmFuc2FjdGlvbkNvbmRpdGlvbkFkdmljZSI6WyIzOWRmZGQxNS01OWEzLTQ3M2MtYTdmYy1lY2RhM2JiYzNiYzgiXX0="
        let challenges = try AuthChallenge.parse(#"Bearer realm="x", error="invalid_token", SSOADVICE advices="\#(advices)""#)
        #expect(challenges == [AuthChallenge(scheme: "Bearer", parameters: ["realm": "x", "error": "invalid_token"]),
                               AuthChallenge(scheme: "SSOADVICE", parameters: ["advices": advices])])
        let mixed = try AuthChallenge.parse(#"Newauth realm="apps", type=1, title="Login to \"apps\"", Basic realm="simple", Negotiate, Token abc.def/ghi==,,"#)
        #expect(mixed == [
            AuthChallenge(scheme: "Newauth", parameters: ["realm": "apps", "type": "1", "title": #"Login to "apps""#]),
            AuthChallenge(scheme: "Basic", parameters: ["realm": "simple"]),
            AuthChallenge(scheme: "Negotiate"),
            AuthChallenge(scheme: "Token", token68: "abc.def/ghi=="),
        ])
        #expect(mixed[0].hasScheme("NEWAUTH") && mixed[0][parameter: "Title"] == #"Login to "apps""#)
        let fields = try AuthChallenge.parse(fields: [#"Basic realm="a""#, "Bearer", #"SSOADVICE realm="/""#])
        #expect(fields.map(\.scheme) == ["Basic", "Bearer", "SSOADVICE"])
    }

    @Test func keepsCommasAndEscapesInsideQuotedStrings() throws {
        let challenge = try #require(AuthChallenge.parse(#"Bearer error_description="a, b=\"c\", \\d", realm = "r" , scope="s""#).first)
        #expect(challenge.parameters == ["error_description": #"a, b="c", \d"#, "realm": "r", "scope": "s"])
        let first = try #require(AuthChallenge.parse(#"Bearer realm="one", REALM="two""#).first)
        #expect(first[parameter: "realm"] == "one", "a repeated parameter keeps its first value")
    }

    @Test func namesWhereAHeaderBreaksTheGrammar() {
        let cases: [(String, String)] = [
            (#"Bearer realm="x"#, "the quoted value of realm has no closing quote at byte 13"),
            (#"Bearer realm="x" error="y""#, "expected a comma after the parameter realm at byte 17"),
            (#"Bearer realm="a", scope=, error="x""#, "the parameter scope has no value at byte 24"),
            (#"="x""#, "expected an authentication scheme at byte 0"),
            (#"Bearer a b="c""#, "expected = after the parameter a at byte 9"),
        ]
        for (header, reason) in cases {
            #expect(adviceError { try AuthChallenge.parse(header) }?.description == "The WWW-Authenticate header cannot be read: \(reason).", "\(header)")
        }
        let huge = "Bearer realm=\"" + String(repeating: "x", count: AdviceError.maximumInputBytes) + "\""
        #expect(adviceError { try AuthChallenge.parse(huge) } == .tooLarge(what: "WWW-Authenticate header", bytes: huge.utf8.count))
        #expect(adviceError { try AuthChallenge.parse(fields: [huge.dropLast(40).description, String(repeating: "y", count: 41)]) } != nil)
    }

    @Test func hostileHeadersEndQuickly() throws {
        let commas = String(repeating: "a=b,", count: 15_000)
        #expect(try AuthChallenge.parse("Bearer " + commas).first?.parameters.count == 1)
        #expect(try AuthChallenge.parse(String(repeating: "Bearer, ", count: 8_000)).count == 8_000)
        #expect(adviceError { try AuthChallenge.parse("Bearer x=\"" + String(repeating: "\\", count: 60_000)) } != nil)
    }
}
