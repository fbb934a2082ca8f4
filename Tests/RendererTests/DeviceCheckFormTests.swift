import DaVinci
import Foundation
import Orchestrate
import Renderer
import TerminalKit
import Testing

/// A passkey (FIDO2) and a PingOne Protect field in the full-screen form: shown for what they
/// are, and answered as the SDKs answer them when the platform cannot.
struct DeviceCheckFormTests {
    static let passkey = """
    {"type":"PROTECT","key":"protectsdk","behavioralDataCollection":true},
    {"type":"TEXT","key":"note","label":"Note","required":true},
    {"type":"FIDO2","key":"fido2","label":"Sign on with a passkey","action":"AUTHENTICATE","trigger":"BUTTON","required":true}
    """

    @Test func enterPressesThePasskeyWhichSendsTheWebAuthnErrorAlone() throws {
        var form = FlowForm(step: try FlowFormTests.step(fields: Self.passkey))
        let screen = CanvasText.text(FlowFormTests.screen(form))
        #expect(screen.contains("protectsdk: sent without device signals, as the SDKs send it without their"), "\(screen)")
        #expect(screen.contains("Sign on with a passkey (no passkey here: sends NotAllowedError)"), "\(screen)")
        // The required note is left empty: the passkey's error leaves the form without its answers.
        guard case .submit(let answered, let pressing) = form.update(.enter) else {
            Issue.record("Enter did not press the passkey")
            return
        }
        #expect(pressing.map { answered.collectors[$0].kind } == .fido2(registering: false))
        let body = answered.answer(pressing: pressing)
        #expect(body["parameters"]?["eventType"] == .string("action"))
        #expect(body["parameters"]?["data"] == .object(["actionKey": .string("NotAllowedError"), "formData": .object([:])]))
    }
}
