import DaVinci
import DemoPingOne
import Foundation
import Orchestrate
import Testing

/// The fields the newest SDKs know beyond the plain ones, routed by `inputType` first as the
/// Ping Android and iOS SDKs route them, and answered as the SDKs answer them; then the demo
/// PingOne's `demo-fields` flow over HTTP.
struct NewerFieldTypesTests {
    private func kind(_ json: String) throws -> CollectorKind {
        Collector(wire: try JSONValue.parse(Data(json.utf8)), defaults: nil, passwordPolicy: nil).kind
    }

    @Test func inputTypeRoutesFirstThenTypeThenTheButtonFallback() throws {
        #expect(try kind(#"{"type":"FANCY_TEXT","inputType":"TEXT","key":"k"}"#) == .text(nil), "a new type with a known inputType")
        #expect(try kind(#"{"type":"TEXT","inputType":"FUTURE","key":"k"}"#) == .text(nil), "an unknown inputType falls back to the type")
        #expect(try kind(#"{"type":"DROPDOWN","inputType":"SINGLE_SELECT","key":"k","options":[]}"#) == .singleSelect([], style: .dropdown))
        #expect(try kind(#"{"type":"NEW_PICKER","inputType":"MULTI_SELECT","key":"k","options":[]}"#) == .multiSelect([], style: .list))
        #expect(try kind(#"{"type":"SWITCH","inputType":"BOOLEAN","key":"k"}"#) == .checkbox(errorMessage: nil))
        #expect(try kind(#"{"type":"BUTTON","key":"help","label":"Get help"}"#) == .button(.action))
        #expect(try kind(#"{"type":"CUSTOM_LINK","key":"more"}"#) == .button(.link))
        #expect(try kind(#"{"type":"FLOW_LINK","inputType":"ACTION","key":"k"}"#) == .button(.link))
        #expect(try kind(#"{"type":"SUBMIT_BUTTON","inputType":"ACTION","key":"k"}"#) == .button(.submit))
        #expect(try kind(#"{"type":"SOMETHING_ELSE","key":"k"}"#) == .unknown)
    }

    @Test func anAgreementAnImageAndMetadataAreShownAndAnsweredAsTheSDKsDo() throws {
        let node = #"""
        {"id":"n1","eventName":"continue","interactionId":"i1","_links":{"next":{"href":"https://p.example/next"}},
         "form":{"name":"Fields","components":{"fields":[
          {"type":"AGREEMENT","inputType":"READ_ONLY_TEXT","key":"agreement","titleEnabled":true,"title":"Terms of Service","content":"You agree.","agreement":{"id":"a1","useDynamicAgreement":false},"enabled":true},
          {"type":"IMAGE","key":"banner","description":"The banner","imageUrl":"https://example.com/b.png","hyperlinkUrl":"https://example.com"},
          {"type":"TEXT","key":"username","label":"Username"},
          {"type":"PROTECT","key":"signals","behavioralDataCollection":true},
          {"type":"METADATA","key":"integration","payload":{"sessionToken":"t"}},
          {"type":"SUBMIT_BUTTON","key":"submit","label":"Sign On"},
          {"type":"BUTTON","key":"help","label":"Get help"}]}}}
        """#
        let step = try #require(DaVinciStep(json: try JSONValue.parse(Data(node.utf8))))
        #expect(step.collectors[0].kind == .readOnlyText(title: "Terms of Service") && step.collectors[0].label == "You agree.")
        #expect(CollectorText.lines(step.collectors[0]).prefix(2) == ["Terms of Service", "You agree."])
        #expect(step.collectors[1].kind == .image(address: URL(string: "https://example.com/b.png"), link: URL(string: "https://example.com")))
        #expect(CollectorText.lines(step.collectors[1]) == ["Image: The banner", "  https://example.com/b.png", "  opens https://example.com"])

        let submitted = step.answer(pressing: 5)
        #expect(submitted["parameters"]?["eventType"] == .string("action"), "a form with METADATA goes as an action")
        #expect(submitted["parameters"]?["data"]?["actionKey"] == .string("submit"))
        let formData = try #require(submitted["parameters"]?["data"]?["formData"])
        #expect(formData["integration"] == CollectorKind.metadataUnavailable)
        #expect(formData["signals"] == .string(""), "PROTECT without signals is sent empty, as the JavaScript SDK sends it")
        #expect(formData["agreement"] == nil && formData["banner"] == nil, "read-only fields send nothing")
        let help = step.answer(pressing: 6)
        #expect(help["parameters"]?["data"]?["actionKey"] == .string("help") && help["parameters"]?["eventType"] == .string("action"))
        let unpressed = step.answer(pressing: nil)
        #expect(unpressed["parameters"]?["data"]?["actionKey"] == .string("integration"), "no button: the METADATA field's key")
    }

    @Test func theDemoFieldsFlowSignsOnAfterTheHelpButton() async throws {
        try await DaVinciDemo.with(acrValues: [DemoPingOne.fieldsPolicy]) { demo in
            let client = demo.client()
            var seen: [String] = []
            let (minted, _) = try await client.walk(try await client.discover()) { step in
                seen.append(step.formName)
                switch seen.count {
                case 1: return (step, step.index(of: "help"))
                case 2: return (step, step.index(of: "back"))
                case 3: return (step.filled(["username": .text("demo"), "password": .password("Demo-pass1", confirmation: "")]), step.index(of: "submit"))
                default: return nil
                }
            }
            #expect(seen == ["Fields", "Help", "Fields"])
            #expect(!minted.tokens.accessToken.isEmpty)
        }
    }
}
