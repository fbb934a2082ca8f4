import DaVinci
import Foundation
import Orchestrate
import Renderer
import TerminalKit
import Testing

/// The full-screen form's share of the details beyond plain forms: a label's links, a phone
/// number's extension, every password rule broken, and a required field a terminal cannot
/// answer.
struct FlowFormDetailsTests {
    @Test func aLabelsLinkIsShownWithItsAddressNeutralised() throws {
        let form = FlowForm(step: try FlowFormTests.step(fields: #"""
        {"type":"LABEL","content":"Read the terms","richContent":{"content":"Read the {{terms}}.",
         "replacements":{"terms":{"type":"link","value":"terms","href":"https://p1.example/terms\u001b[2J"}}}},
        {"type":"SUBMIT_BUTTON","key":"submit","label":"Continue"}
        """#))
        let screen = CanvasText.text(FlowFormTests.screen(form))
        #expect(screen.contains("Read the terms (https://p1.example/terms\u{FFFD}[2J)."), "\(screen)")
        #expect(!screen.contains("\u{1B}"))
    }

    @Test func theNewerFieldsAreShownAndAPlainButtonIsPressable() throws {
        var form = FlowForm(step: try FlowFormTests.step(fields: """
        {"type":"AGREEMENT","inputType":"READ_ONLY_TEXT","key":"agreement","titleEnabled":true,"title":"Terms of Service","content":"You agree."},
        {"type":"IMAGE","key":"banner","description":"The banner","imageUrl":"https://example.com/b.png"},
        {"type":"METADATA","key":"integration","payload":{}},
        {"type":"SUBMIT_BUTTON","key":"submit","label":"Sign On"},
        {"type":"BUTTON","key":"help","label":"Get help"}
        """))
        let screen = CanvasText.text(FlowFormTests.screen(form))
        for line in ["Terms of Service", "You agree.", "Image: The banner", "https://example.com/b.png", "SDK integration module", "Get help"] {
            #expect(screen.contains(line), "\(line) in \(screen)")
        }
        _ = form.update(.right)
        guard case .submit(let answered, let pressing) = form.update(.enter) else {
            Issue.record("not submitted")
            return
        }
        #expect(answered.answer(pressing: pressing)["parameters"]?["data"]?["actionKey"] == .string("help"))
    }

    @Test func aPhoneNumberWithAnExtensionAsksForItAndSendsIt() throws {
        var form = FlowForm(step: try FlowFormTests.step(fields: """
        {"type":"PHONE_NUMBER","key":"workPhone","label":"Work phone","defaultCountryCode":"US","showExtension":true,"extensionLabel":"Ext."},
        {"type":"SUBMIT_BUTTON","key":"submit","label":"Continue"}
        """))
        #expect(CanvasText.text(FlowFormTests.screen(form)).contains("Work phone · Ext."))
        _ = form.update(.tab)                 // from the country code to the number
        FlowFormTests.type("5551234", into: &form)
        _ = form.update(.tab)                 // the extension
        FlowFormTests.type("89", into: &form)
        guard case .submit(let answered, let pressing) = form.update(.enter) else {
            Issue.record("not submitted")
            return
        }
        let formData = answered.answer(pressing: pressing)["parameters"]?["data"]?["formData"]
        #expect(formData == .object(["workPhone": .object(["countryCode": .string("US"), "phoneNumber": .string("5551234"), "extension": .string("89")])]))
    }

    @Test func everyPasswordRuleBrokenIsShown() throws {
        var form = FlowForm(step: try FlowFormTests.step(fields: """
        {"type":"PASSWORD","key":"password","label":"Password","required":true,"passwordPolicy":{"length":{"min":8},"maxRepeatedCharacters":2}},
        {"type":"SUBMIT_BUTTON","key":"submit","label":"Continue"}
        """))
        FlowFormTests.type("aaa", into: &form)
        guard case .problem(let message) = form.update(.enter) else {
            Issue.record("a password against its policy was sent")
            return
        }
        #expect(message == "The password needs at least 8 characters. The password has a character more than 2 times in a row.")
    }

    @Test func aRequiredFieldTheTerminalCannotAnswerStopsTheSubmit() throws {
        var form = FlowForm(step: try FlowFormTests.step(fields: """
        {"type":"TEXT","key":"username","label":"Username"},
        {"type":"HOLOGRAM","key":"hologram","label":"Hologram","required":true},
        {"type":"SUBMIT_BUTTON","key":"submit","label":"Continue"}
        """))
        guard case .problem(let message) = form.update(.enter) else {
            Issue.record("a form with a required field nobody can answer was sent")
            return
        }
        #expect(message == "Hologram is required, and this client cannot answer a HOLOGRAM field.", "\(message)")
    }
}
