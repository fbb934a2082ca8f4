import Foundation

/// OATH Token Verifier: a `NameCallback` ("Enter verification code") and a `ConfirmationCallback`
/// (Submit, and "Use recovery code" with `isRecoveryCodeAllowed`), as AM's node sends them. The
/// user's registered authenticator is their TOTP secret (the users file's `totpSecret`): the code of
/// the current 30-second step, or of `totpTimeSteps` steps either side (1 unless configured).
/// Outcomes `successOutcome`, `failureOutcome`, `notRegisteredOutcome` (no secret),
/// `recoveryCodeOutcome`.
struct OathTokenVerifier: NodeBehaviour {
    /// The confirmation's index for "Use recovery code".
    private static let recovery = 1

    func process(_ call: inout NodeCall) async -> NodeResult {
        guard let username = call.state.username else { return .refuse("Expected username to be set.") }
        guard let user = await call.environment.directory.user(named: username), !user.totpSecret.isEmpty else {
            return .outcome("notRegisteredOutcome")
        }
        if let answers = call.answers {
            if call["isRecoveryCodeAllowed"]?.bool == true, answers.int(1) == Self.recovery { return .outcome("recoveryCodeOutcome") }
            let steps = max(0, min(call["totpTimeSteps"]?.int ?? 1, 10))
            return .outcome(OneTimeCode.accepts(answers.string(0), secret: user.totpSecret, steps: steps) ? "successOutcome" : "failureOutcome")
        }
        let options = ["Submit"] + (call["isRecoveryCodeAllowed"]?.bool == true ? ["Use recovery code"] : [])
        return .ask([.name(prompt: "Enter verification code"), .confirmation(options: options, selected: 0)])
    }
}

/// Push Sender: "sends" a push notification to the user's phone: the demo approves it by itself
/// once `pushApprovalDelay` has passed. `SENT` with the message's id and time in the shared
/// state; with `pushType` `DISPLAY_CHALLENGE_CODE` a number for the user to tap, as AM's node
/// keeps it for Push Wait. A user the directory does not know is `NOT_REGISTERED`.
struct PushSender: NodeBehaviour {
    static let messageIdKey = "pushMessageId"
    static let sentAtKey = "pushSentAt"
    static let challengeKey = "pushNumberChallenge"

    func process(_ call: inout NodeCall) async -> NodeResult {
        guard let username = call.state.username else { return .refuse("Expected username to be set.") }
        guard await call.environment.directory.user(named: username) != nil else { return .outcome("NOT_REGISTERED") }
        call.state.setShared(Self.messageIdKey, .string(RandomToken.base64URL(bytes: 12)))
        call.state.setShared(Self.sentAtKey, .int(Int(Date().timeIntervalSince1970 * 1000)))
        if call["pushType"]?.string == "DISPLAY_CHALLENGE_CODE" {
            call.state.setShared(Self.challengeKey, .string(String(Int.random(in: 10...99))))
        }
        return .outcome("SENT")
    }
}

/// Push Wait: a `PollingWaitCallback` of `secondsToWait` (5 unless configured), with the number
/// to tap in a `HiddenValueCallback` (`pushChallengeNumber`) when the sender made one, and a
/// Cancel button (`ConfirmationCallback`, 100 kept means "keep waiting", 0 means exit). `DONE`
/// once the wait is over, `EXITED` when cancelled.
struct PushWait: NodeBehaviour {
    /// The confirmation's value while the user has not pressed Cancel.
    private static let keepWaiting = 100

    func process(_ call: inout NodeCall) async -> NodeResult {
        let endKey = "\(call.node.id).end_time"
        let now = Int(Date().timeIntervalSince1970 * 1000)
        let seconds = max(0, call["secondsToWait"]?.int ?? 5)
        if let answers = call.answers, let shown = answers.shown.last, shown.type == "ConfirmationCallback", answers.int(answers.shown.count - 1) == 0 {
            call.state.removeShared(endKey)
            return .outcome("EXITED")
        }
        if let end = call.state.shared[endKey]?.int, now >= end {
            call.state.removeShared(endKey)
            return .outcome("DONE")
        }
        if call.state.shared[endKey] == nil { call.state.setShared(endKey, .int(now + seconds * 1000)) }
        var callbacks: [Callback]
        if let challenge = call.state.shared[PushSender.challengeKey]?.string {
            let message = call.text("challengeMessage", default: "Tap the number [{{challenge}}] on the Push Notification to continue.")
            callbacks = [.pollingWait(.seconds(seconds), message: message.replacingOccurrences(of: "{{challenge}}", with: challenge)),
                         .hiddenValue(id: "pushChallengeNumber", value: challenge)]
        } else {
            let message = call.text("waitingMessage", default: "Waiting for response...")
            callbacks = [.pollingWait(.seconds(seconds), message: message.replacingOccurrences(of: "{{time}}", with: String(seconds)))]
        }
        callbacks.append(.confirmation(options: [call.text("exitMessage", default: "Cancel")], selected: Self.keepWaiting))
        return .ask(callbacks)
    }
}

/// Push Result Verifier: `TRUE` once the demo has approved the push (`pushApprovalDelay` after it
/// was sent), `WAITING` before; the message is forgotten once it is decided.
struct PushResultVerifier: NodeBehaviour {
    func process(_ call: inout NodeCall) async -> NodeResult {
        guard call.state.shared[PushSender.messageIdKey] != nil, let sentAt = call.state.shared[PushSender.sentAtKey]?.int else {
            return .refuse("Unable to find push message ID")
        }
        let approvedAt = sentAt + Int(call.environment.configuration.pushApprovalDelay.inMilliseconds)
        guard Int(Date().timeIntervalSince1970 * 1000) >= approvedAt else { return .outcome("WAITING") }
        for key in [PushSender.messageIdKey, PushSender.sentAtKey, PushSender.challengeKey] { call.state.removeShared(key) }
        return .outcome("TRUE")
    }
}

/// The codes an authenticator app shows for a TOTP secret: the current 30-second step's, or one
/// of `steps` steps before or after.
enum OneTimeCode {
    static func accepts(_ code: String, secret: String, steps: Int) -> Bool {
        let now = Date()
        return (-steps...steps).contains { TOTP.code(secret: secret, at: now.addingTimeInterval(30 * Double($0))) == code }
    }
}
