import DemoAM
import Foundation
import Testing

@Suite("composite_advice in authenticate")
struct CompositeAdviceTests {
    @Test(
        "malformed XML, an unknown advice type or no advice is a 400 saying what was wrong",
        arguments: [
            ("<Advices><AttributeValuePair>", "not valid advice XML"),
            ("<Advices></Advices>", "has no advice"),
            ("", "needs the advice XML"),
            (adviceXML("SessionConditionAdvice", "x"), "Unknown advice type SessionConditionAdvice"),
            ("<Advices><AttributeValuePair><Attribute name=\"AuthLevelConditionAdvice\"/><Value>1 &bogus; 2</Value></AttributeValuePair></Advices>", "unknown entity"),
            (adviceXML("TransactionConditionAdvice", "no-such-transaction"), "Transaction no-such-transaction"),
            (adviceXML("AuthenticateToServiceConditionAdvice", "/:NoSuchTree"), "journey NoSuchTree"),
        ]
    )
    func badRequests(xml: String, message: String) async throws {
        try await withDemoAM { _, client in
            let reply = try await client.composite(xml, ssoToken: try await client.signIn())
            #expect(reply.status == 400)
            #expect(reply.json["code"] == 400 && reply.json["reason"] == "Bad Request")
            #expect(reply.json["message"]?.string?.contains(message) == true, "\(reply.text)")
        }
    }

    @Test("ConfirmTransaction started by name is a journey like any other: it confirms nothing")
    func confirmByName() async throws {
        try await withDemoAM { _, client in
            let reply = try await client.start("ConfirmTransaction")
            #expect(reply.json["stage"] == "UsernamePassword")
            let done = try await client.submit(reply, ["IDToken1": "demo", "IDToken2": "Demo-pass1"])
            #expect(done.json["tokenId"]?.string != nil)
        }
    }

    @Test("AuthenticateToServiceConditionAdvice /:StepUp with whitespace and entities runs StepUp and upgrades the session")
    func serviceAdvice() async throws {
        try await withDemoAM { _, client in
            let ssoToken = try await client.signIn()
            let xml = """
                <Advices>
                  <AttributeValuePair> <Attribute name="AuthenticateToServiceConditionAdvice" />
                    <Value>/:Step&#85;p</Value></AttributeValuePair>
                </Advices>
                """
            #expect(try await client.composite(xml, ssoToken: ssoToken).status == 400)
            let page = try await client.composite(xml.replacingOccurrences(of: "Step&#85;p", with: "StepUp"), ssoToken: ssoToken)
            #expect(page.json["stage"] == "StepUp")
            let done = try await client.submit(page, ["IDToken1": .string(try currentCode())])
            #expect(done.json["tokenId"]?.string == ssoToken)
            #expect(try await client.sessionInfo(ssoToken).json["properties"]?["AuthLevel"] == "2")
        }
    }

    @Test("AuthLevelConditionAdvice: StepUp below the level, the session at once when it is reached")
    func authLevel() async throws {
        try await withDemoAM { _, client in
            let ssoToken = try await client.signIn()
            let page = try await client.composite(adviceXML("AuthLevelConditionAdvice", "2"), ssoToken: ssoToken)
            #expect(page.json["stage"] == "StepUp")
            _ = try await client.submit(page, ["IDToken1": .string(try currentCode())])
            let satisfied = try await client.composite(adviceXML("AuthLevelConditionAdvice", "2"), ssoToken: ssoToken)
            #expect(satisfied.json["tokenId"]?.string == ssoToken)
        }
    }

    @Test("AuthSchemeConditionAdvice OTP runs StepUp; AuthenticateToRealmConditionAdvice runs Login")
    func schemeAndRealm() async throws {
        try await withDemoAM { _, client in
            let ssoToken = try await client.signIn()
            #expect(try await client.composite(adviceXML("AuthSchemeConditionAdvice", "OTP"), ssoToken: ssoToken).json["stage"] == "StepUp")
            #expect(try await client.composite(adviceXML("AuthSchemeConditionAdvice", "DataStore"), ssoToken: ssoToken).json["stage"] == "UsernamePassword")
            #expect(try await client.composite(adviceXML("AuthenticateToRealmConditionAdvice", "/"), ssoToken: ssoToken).json["stage"] == "UsernamePassword")
        }
    }

    @Test("an advice Login by another user makes a new session and leaves the first one as it was")
    func otherUser() async throws {
        try await withDemoAM { _, client in
            let demo = try await client.signIn()
            let page = try await client.composite(adviceXML("AuthenticateToServiceConditionAdvice", "/:Login"), ssoToken: demo)
            let done = try await client.submit(page, ["IDToken1": "alice", "IDToken2": "Alice-pass1"])
            let alice = try #require(done.json["tokenId"]?.string)
            #expect(alice != demo)
            #expect(try await client.sessionInfo(demo).json["properties"]?["Service"] == "Login")
            #expect(try await client.sessionInfo(alice).json["username"] == "alice")
        }
    }
}
