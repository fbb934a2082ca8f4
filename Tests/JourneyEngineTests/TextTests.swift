import Foundation
import JourneyEngine
import Orchestrate
import Testing

struct TextTests {
    @Test func tracesHideSecretsButKeepShapes() throws {
        let step = """
        {"authId":"eyJhbGciOiJIUzI1NiJ9.payload.sig","callbacks":[
         {"type":"NameCallback","output":[{"name":"prompt","value":"User Name"}],"input":[{"name":"IDToken1","value":"demo"}]},
         {"type":"PasswordCallback","output":[{"name":"prompt","value":"Password"}],"input":[{"name":"IDToken2","value":"hunter2"}]},
         {"type":"NameCallback","output":[{"name":"prompt","value":"Enter verification code"}],"input":[{"name":"IDToken3","value":"123456"}]},
         {"type":"KbaCreateCallback","output":[{"name":"prompt","value":"Q"}],"input":[{"name":"IDToken4question","value":"Color?"},{"name":"IDToken4answer","value":"blue"}]},
         {"type":"HiddenValueCallback","output":[{"name":"value","value":"otpauth://totp/x?secret=ABCDEF&issuer=y"},{"name":"id","value":"mfaDeviceRegistration"}],"input":[{"name":"IDToken5","value":"mfaDeviceRegistration"}]}]}
        """
        let traced = TracedBody(Data(step.utf8), rules: .journey()).line
        for secret in ["hunter2", "123456", "blue", "ABCDEF", "payload.sig"] {
            #expect(!traced.contains(secret), "\(secret) leaked")
        }
        for kept in ["demo", "Color?", "User Name", "‹redacted›"] {
            #expect(traced.contains(kept), "\(kept) missing")
        }
        let success = TracedBody(Data(#"{"tokenId":"AQIC5wM2LY4SfczsecretToken","realm":"/"}"#.utf8)).line
        #expect(!success.contains("secretToken"))
        let headers = Redaction.headers([
            HTTPHeader("Cookie", "iPlanetDirectoryPro=AQIC5wM2LY4SfczsecretToken; amlbcookie=01"),
            HTTPHeader("Set-Cookie", "iPlanetDirectoryPro=AQIC5wM2LY4SfczsecretToken; Path=/"),
            HTTPHeader("iPlanetDirectoryPro", "AQIC5wM2LY4SfczsecretToken"),
            HTTPHeader("Authorization", "Bearer abc.def.ghi"),
        ], cookieName: "iPlanetDirectoryPro")
        #expect(!headers.contains { $0.value.contains("secretToken") || $0.value.contains("abc.def") })
        #expect(headers[0].value.contains("amlbcookie=01"))
        #expect(headers[1].value.hasSuffix("; Path=/"))
    }
}

/// A step's deadline, read from its authId, and durations as people read them.
struct StepDeadlineTests {
    @Test func aStepExpiresWhenItsAuthIdSays() throws {
        let payload = Data(#"{"otk":"o","exp":1800000000}"#.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        let step = try JourneyStep(json: try JSONValue.parse(Data(#"{"authId":"eyJ0eXAiOiJKV1QifQ.\#(payload).c2ln","callbacks":[]}"#.utf8)))
        #expect(step.expiresAt == Date(timeIntervalSince1970: 1_800_000_000))
        let opaque = try JourneyStep(json: try JSONValue.parse(Data(#"{"authId":"not-a-jwt","callbacks":[]}"#.utf8)))
        #expect(opaque.expiresAt == nil)
    }

}
