import Foundation
import JourneyEngine
import Orchestrate
import Testing

/// Every recorded AuthTree response is classified, and every step re-encodes to what AM
/// expects: input values replaced, everything else as received.
@Suite(.enabled(if: Fixtures.available, Fixtures.skipNotice))
struct FixtureCorpusTests {
    @Test func everyAuthTreeFileIsClassifiedAsAMIntends() throws {
        let expected: [String: String] = [
            "AM_Push_Authentication_Fail.json": "rejected",
            "AM_Push_Authentication_Successful.json": "malformed",
            "AM_Push_Registration_Fail_Invalid_Signed_Challenge.json": "rejected",
            "AM_Push_Registration_Fail_Invalid_Signed_JWT.json": "rejected",
            "AM_Push_Registration_Successful.json": "malformed",
            "AuthTree_NoSession_Success.json": "success-without-session",
            "AuthTree_SSOToken_Success.json": "success",
            "AuthTree_SSOToken_Success2.json": "success",
            "AuthTree_SuspendedAuthSessionException.json": "resume-link-expired",
        ]
        let files = try Fixtures.files(in: "AuthTree")
        #expect(files.count == 28)
        for file in files {
            let recording = try Fixtures.recording(file)
            let outcome: String = switch AuthenticateOutcome(recording.response) {
            case .step: "step"
            case .success(let success): success.tokenId == nil ? "success-without-session" : "success"
            case .failure(.suspendedLinkExpired): "resume-link-expired"
            case .failure(.rejected): "rejected"
            case .failure(.malformedResponse): "malformed"
            case .failure(let error): "other: \(error)"
            }
            #expect(outcome == (expected[recording.name] ?? "step"), "\(recording.name)")
        }
    }

    @Test func everyStepDecodesWithoutUnknownCallbacksExceptTheCustomOne() throws {
        for file in try Fixtures.files(in: "AuthTree") {
            let recording = try Fixtures.recording(file)
            guard case .step(let step) = AuthenticateOutcome(recording.response) else { continue }
            let unknown = step.callbacks.filter { if case .unknown = $0.kind { true } else { false } }.map(\.type)
            #expect(unknown == (recording.name == "AuthTree_UsernamePasswordNodeWithCustomCallback.json" ? ["CustomCallback"] : []),
                    "\(recording.name)")
        }
    }

    /// Compared as text: member order and every input entry must survive.
    @Test func unansweredStepsEchoBackExactlyAsReceived() throws {
        for file in try Fixtures.files(in: "AuthTree") {
            let recording = try Fixtures.recording(file)
            guard case .step(let step) = AuthenticateOutcome(recording.response) else { continue }
            #expect(step.requestBody.jsonText == recording.payload?.jsonText, "\(recording.name)")
        }
    }

    /// Answers every input, then checks member by member that only `input[].value` changed,
    /// and that values have AM's types.
    @Test func answeredStepsChangeOnlyInputValues() throws {
        for file in try Fixtures.files(in: "AuthTree") {
            let recording = try Fixtures.recording(file)
            guard case .step(var step) = AuthenticateOutcome(recording.response), let payload = recording.payload else { continue }
            for index in step.callbacks.indices {
                try answerEverything(&step.callbacks[index])
            }
            let sent = step.requestBody
            let name = recording.name
            #expect(sent.objectValue?.keys == payload.objectValue?.keys, "\(name): top-level members")
            for key in payload.objectValue?.keys ?? [] where key != "callbacks" {
                #expect(sent[key] == payload[key], "\(name): \(key)")
            }
            let sentCallbacks = sent["callbacks"]?.arrayValue ?? []
            let receivedCallbacks = payload["callbacks"]?.arrayValue ?? []
            #expect(sentCallbacks.count == receivedCallbacks.count, "\(name)")
            for (sentCallback, receivedCallback) in zip(sentCallbacks, receivedCallbacks) {
                #expect(sentCallback.objectValue?.keys == receivedCallback.objectValue?.keys, "\(name): callback members")
                for key in receivedCallback.objectValue?.keys ?? [] where key != "input" {
                    #expect(sentCallback[key] == receivedCallback[key], "\(name): \(key)")
                }
                let sentInputs = sentCallback["input"]?.arrayValue ?? []
                let receivedInputs = receivedCallback["input"]?.arrayValue ?? []
                #expect(sentInputs.count == receivedInputs.count, "\(name): input count")
                for (sentInput, receivedInput) in zip(sentInputs, receivedInputs) {
                    #expect(sentInput.objectValue?.keys == receivedInput.objectValue?.keys, "\(name): input members")
                    #expect(sentInput["name"] == receivedInput["name"], "\(name): input name")
                }
            }
            for callback in step.callbacks {
                assertWireTypes(callback, file: name)
            }
        }
    }

    @Test func customCallbackIsSentBackUntouchedEvenWhenTheStepIsAnswered() throws {
        let recording = try Fixtures.recording("AuthTree", "AuthTree_UsernamePasswordNodeWithCustomCallback")
        guard case .step(var step) = AuthenticateOutcome(recording.response) else {
            Issue.record("not a step")
            return
        }
        try step.callbacks[0].answer(.text("jsmith"))
        try step.callbacks[1].answer(.text("s3cret"))
        let custom = try #require(step.callbacks.first { $0.type == "CustomCallback" })
        #expect(custom.wireValue == recording.payload?["callbacks"]?.arrayValue?[custom.position])
        #expect(throws: AnswerError.self) { try step.callbacks[custom.position].answer(.text("x")) }
    }

    @Test func registrationPageModelsEveryField() throws {
        let recording = try Fixtures.recording("AuthTree", "AuthTree_RegistrationNode")
        guard case .step(let step) = AuthenticateOutcome(recording.response) else {
            Issue.record("not a step")
            return
        }
        guard case .validatedUsername(let username) = step.callbacks[0].kind else {
            Issue.record("first callback is not a username")
            return
        }
        #expect(username.prompt == "Username")
        #expect(username.policies.requirements.map(\.requirement).contains("MAX_LENGTH"))
        #expect(username.policies.requirements.first { $0.requirement == "MAX_LENGTH" }?.description == "at most 255 characters")
        guard case .kbaCreate(let kba) = step.callbacks[7].kind else {
            Issue.record("callback 7 is not KBA")
            return
        }
        #expect(kba.predefinedQuestions.count == 2)
        #expect(step.callbacks[7].inputs.map(\.suffix) == ["question", "answer"])
        guard case .termsAndConditions(let terms) = step.callbacks[9].kind else {
            Issue.record("callback 9 is not T&C")
            return
        }
        #expect(terms.version == "0.0")
        #expect(step.header == "Sign Up")
    }

    private func answerEverything(_ callback: inout Callback) throws {
        switch callback.kind {
        case .choice: try callback.answer(.index(0))
        case .confirmation: try callback.answer(.index(0))
        case .booleanAttribute, .termsAndConditions, .consentMapping: try callback.answer(.bool(true))
        case .numberAttribute: try callback.answer(.number(42))
        case .kbaCreate: try callback.answer(.kba(question: "Who?", answer: "Me"))
        case .name, .password, .textInput, .validatedUsername, .validatedPassword, .stringAttribute, .deviceProfile:
            try callback.answer(.text("answer-\(callback.position)"))
        default: return
        }
        if callback.input(role: "validateOnly") != nil { try callback.answer(.validateOnly(true)) }
    }

    private func assertWireTypes(_ callback: Callback, file: String) {
        for input in callback.inputs {
            switch (callback.kind, input.suffix) {
            case (_, "validateOnly"), (.booleanAttribute, ""), (.termsAndConditions, ""):
                guard case .bool = input.value else {
                    Issue.record("\(file) \(input.name) should be a boolean, is \(input.value)")
                    continue
                }
            case (.choice, ""), (.confirmation, ""):
                guard case .int = input.value else {
                    Issue.record("\(file) \(input.name) should be an integer, is \(input.value)")
                    continue
                }
            case (.numberAttribute, ""):
                guard case .int = input.value else {
                    Issue.record("\(file) \(input.name) should be a number")
                    continue
                }
            default:
                break
            }
        }
    }
}
