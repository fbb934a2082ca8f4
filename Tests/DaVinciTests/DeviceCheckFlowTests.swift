import DaVinci
import DemoPingOne
import Foundation
import Orchestrate
import Synchronization
import Testing

/// PROTECT and FIDO2 against the demo PingOne over HTTP on loopback: answered as the SDKs
/// answer them when the platform cannot, so the flow goes on.
@Suite struct DeviceCheckFlowTests {
    static let frank: [String: CollectorValue] = ["username": .text("frank"), "password": .password("Frank-pass1", confirmation: "")]

    @Test func protectAndFIDO2AreReadAsTheSDKsReadThem() {
        let step = DaVinciStep(json: .object([
            "_links": .object(["next": .object(["href": .string("http://127.0.0.1/next")])]), "id": .string("n1"),
            "form": .object(["components": .object(["fields": .array([
                .object(["type": .string("PROTECT"), "key": .string("protectsdk"), "required": .bool(true)]),
                .object(["type": .string("FIDO2"), "key": .string("fido2"), "action": .string("REGISTER"), "required": .bool(true)]),
            ])])]),
        ]))
        #expect(step?.collectors.map(\.kind) == [.protect, .fido2(registering: true)])
        #expect(step?.defaultButton == 1, "a form that only asks for a passkey presses it")
    }

    @Test func theDeviceCheckGoesOnWithoutSignalsAndFIDO2TakesTheFallbackBranch() async throws {
        try await DaVinciDemo.with { demo in
            let exchanges = Mutex<[WireExchange]>([])
            let client = demo.client(wireTap: { exchange in exchanges.withLock { $0.append(exchange) } })
            var forms: [String] = []
            let (minted, _) = try await client.walk(try await client.discover()) { step in
                forms.append(step.formName)
                switch step.formName {
                case "Passkey":
                    #expect(step.fieldMessages.isEmpty)
                    return (step, step.defaultButton)
                case "One-time code":
                    return (step.filled(["otp": .text(await demo.lastCode() ?? "")]), nil)
                default:
                    return (step.filled(Self.frank), nil)
                }
            }
            #expect(forms == ["Sign On", "Device check", "Passkey", "One-time code"])
            #expect(!minted.tokens.accessToken.isEmpty)
            let bodies = exchanges.withLock { $0 }.compactMap { $0.request.body }.compactMap { try? JSONValue.parse($0) }
            let deviceCheck = try #require(bodies.dropFirst().first)
            #expect(deviceCheck["parameters"]?["data"]?["formData"] == .object(["protectsdk": .string("")]),
                    "no signals, sent empty as the JavaScript SDK sends them without its Protect module")
            let fallback = try #require(bodies.dropFirst(2).first)
            #expect(fallback["parameters"]?["eventType"] == .string("action"))
            #expect(fallback["parameters"]?["data"]?["actionKey"] == .string("NotAllowedError"))
            #expect(fallback["parameters"]?["data"]?["formData"] == .object([:]))
        }
    }

    @Test func aPasskeyFormPressedAsASubmitIsRefused() async throws {
        try await DaVinciDemo.with { demo in
            let client = demo.client()
            var messages: [[String: [String]]] = []
            _ = try? await client.walk(try await client.discover()) { step in
                messages.append(step.fieldMessages)
                guard messages.count < 4 else { return nil }
                if step.formName == "Passkey" {
                    // What a client that ignored FIDO2 would send: a plain submit, no error.
                    return (Self.withoutFIDO2(step), nil)
                }
                return (step.filled(Self.frank), nil)
            }
            #expect(messages.last?["fido2"]?.isEmpty == false, "the demo takes the fallback only on a WebAuthn error")
        }
    }

    /// The step with its FIDO2 collector read as unknown, so the default answer is a submit.
    static func withoutFIDO2(_ step: DaVinciStep) -> DaVinciStep {
        var json = step.wire.objectValue ?? [:]
        json["form"] = .object(["components": .object(["fields": .array([
            .object(["type": .string("SUBMIT_BUTTON"), "key": .string("submit"), "label": .string("Continue")]),
        ])])])
        return DaVinciStep(json: .object(json)) ?? step
    }
}
