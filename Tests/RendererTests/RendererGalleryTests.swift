import Foundation
import JourneyEngine
import Orchestrate
import Renderer
import ScreenSnapshots
import TerminalKit
import Testing

/// Every callback kind's form, at the sizes of docs/screens and at a narrow 40 columns, as snapshots.
struct RendererGalleryTests {
    static let gallery: [(name: String, callbacks: String)] = [
        ("text-input", #"{"type":"TextInputCallback","output":[{"name":"prompt","value":"Provide a nickname for this account"},{"name":"defaultText","value":"neo"}],"input":[{"name":"IDToken1","value":""}]}"#),
        ("messages", #"""
        {"type":"TextOutputCallback","output":[{"name":"message","value":"Information for you."},{"name":"messageType","value":"0"}]},
        {"type":"TextOutputCallback","output":[{"name":"message","value":"Careful now."},{"name":"messageType","value":"1"}]},
        {"type":"TextOutputCallback","output":[{"name":"message","value":"That did not work."},{"name":"messageType","value":"2"}]}
        """#),
        ("recovery-codes", #"{"type":"TextOutputCallback","output":[{"name":"message","value":"/* Your Recovery Codes */ var x = \"<div class=\\\"text-center\\\">iZmEtxvQ00</div><div class=\\\"text-center\\\">Eqw3Ru5ruB</div>\";"},{"name":"messageType","value":"4"}]}"#),
        ("suspended", #"{"type":"SuspendedTextOutputCallback","output":[{"name":"message","value":"An email has been sent to the address you entered. Click the link in that email to proceed."},{"name":"messageType","value":"0"}]}"#),
        ("consent", #"{"type":"ConsentMappingCallback","output":[{"name":"name","value":"managedUser_managedUser"},{"name":"displayName","value":"Test Mapping"},{"name":"icon","value":""},{"name":"accessLevel","value":"Actual Profile"},{"name":"isRequired","value":true},{"name":"message","value":"You consent to your data being shared with external services."},{"name":"fields","value":["givenName","mail"]}],"input":[{"name":"IDToken1","value":false}]}"#),
        ("select-idp", #"{"type":"SelectIdPCallback","output":[{"name":"providers","value":[{"provider":"google","uiConfig":{"buttonDisplayName":"Google"}},{"provider":"localAuthentication"}]},{"name":"value","value":""}],"input":[{"name":"IDToken1","value":""}]}"#),
        ("device-profile", #"{"type":"DeviceProfileCallback","output":[{"name":"metadata","value":true},{"name":"location","value":true},{"name":"message","value":"Collecting profile"}],"input":[{"name":"IDToken1","value":""}]}"#),
        ("webauthn", #"""
        {"type":"MetadataCallback","output":[{"name":"data","value":{"_type":"WebAuthn","_action":"webauthn_authentication","challenge":"x"}}]},
        {"type":"HiddenValueCallback","output":[{"name":"value","value":"false"},{"name":"id","value":"webAuthnOutcome"}],"input":[{"name":"IDToken2","value":"webAuthnOutcome"}]}
        """#),
        ("recaptcha", #"{"type":"ReCaptchaCallback","output":[{"name":"recaptchaSiteKey","value":"6Lf"}],"input":[{"name":"IDToken1","value":""}]}"#),
        ("recaptcha-enterprise", #"{"type":"ReCaptchaEnterpriseCallback","output":[{"name":"recaptchaSiteKey","value":"6LdSu_spAAAAAKz3UhIy4JYQld2lm_WRt7dEhf9T"},{"name":"captchaApiUri","value":"https://www.google.com/recaptcha/enterprise.js"},{"name":"captchaDivClass","value":"g-recaptcha"}],"input":[{"name":"IDToken1token","value":""},{"name":"IDToken1action","value":""},{"name":"IDToken1clientError","value":""},{"name":"IDToken1payload","value":""}]}"#),
        ("app-integrity", #"{"type":"AppIntegrityCallback","output":[{"name":"requestType","value":"Classic"},{"name":"projectNumber","value":"12345678"},{"name":"nonce","value":"n"}],"input":[{"name":"IDToken1token","value":""},{"name":"IDToken1clientError","value":""}]}"#),
        ("otp-registration", #"""
        {"type":"TextOutputCallback","output":[{"name":"message","value":"Scan the QR code image below with the ForgeRock Authenticator app to register your device with your login."},{"name":"messageType","value":"0"}]},
        {"type":"HiddenValueCallback","output":[{"name":"value","value":"otpauth://totp/ForgeRock:demo?secret=JBSWY3DPEHPK3PXP&issuer=ForgeRock"},{"name":"id","value":"mfaDeviceRegistration"}],"input":[{"name":"IDToken2","value":"mfaDeviceRegistration"}]},
        {"type":"ConfirmationCallback","output":[{"name":"prompt","value":""},{"name":"messageType","value":0},{"name":"options","value":["Next"]},{"name":"optionType","value":-1},{"name":"defaultOption","value":0}],"input":[{"name":"IDToken3","value":0}]}
        """#),
    ]

    @Test(arguments: gallery.map(\.name))
    func everyKindRendersWithWholeWordsAtEverySize(name: String) throws {
        let callbacks = try #require(Self.gallery.first { $0.name == name }).callbacks
        let step = try JourneyStep(json: JSONValue.parse(Data(#"{"authId":"a","callbacks":[\#(callbacks)]}"#.utf8)))
        let form = Form(step: step)
        func screen(_ size: Size) -> Canvas {
            var canvas = Canvas(size: size)
            form.render(into: &canvas, in: canvas.bounds)
            return canvas
        }
        ScreenSizes.expectEach("gallery-\(name)", screen)
        assertScreenSnapshot(screen(Size(width: 40, height: 24)), named: "gallery-\(name)-40x24")
    }
}
