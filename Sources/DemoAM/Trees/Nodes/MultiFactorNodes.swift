import Foundation

/// OATH Token Verifier: a `NameCallback` ("Enter verification code") and a `ConfirmationCallback`
/// (Submit, and "Use recovery code" with `isRecoveryCodeAllowed`), as AM's node sends them. The
/// user's registered authenticator is their TOTP secret (the users file's `totpSecret`): the code of
/// the current time step (`totpTimeInterval`, 30 s unless configured), or of `totpTimeSteps` steps
/// either side (2 unless configured, as AM). Outcomes `successOutcome`, `failureOutcome`,
/// `notRegisteredOutcome` (no secret; the shared `mfaMethod` says `oath`), `recoveryCodeOutcome`.
/// Unlike AM, a code may be used more than once in its window, so parallel tests and load runs
/// can sign one user in.
struct OathTokenVerifier: NodeBehaviour {
    /// The confirmation's index for "Use recovery code".
    private static let recovery = 1
    /// The most time steps either side a configuration may ask to check.
    private static let mostTimeSteps = 10

    func process(_ call: inout NodeCall) async -> NodeResult {
        guard let username = call.state.username else { return .refuse("Expected username to be set.") }
        guard let user = await call.environment.directory.user(named: username), !user.totpSecret.isEmpty else {
            call.state.setShared("mfaMethod", "oath")
            return .outcome("notRegisteredOutcome")
        }
        if let answers = call.answers {
            if answers.int(1) == Self.recovery { return .outcome("recoveryCodeOutcome") }
            let steps = max(0, min(call["totpTimeSteps"]?.int ?? 2, Self.mostTimeSteps))
            let interval = max(1, call["totpTimeInterval"]?.int ?? 30)
            return .outcome(Self.accepts(answers.string(0), secret: user.totpSecret, interval: interval, steps: steps) ? "successOutcome" : "failureOutcome")
        }
        let options = ["Submit"] + (call["isRecoveryCodeAllowed"]?.bool == true ? ["Use recovery code"] : [])
        return .ask([.name(prompt: "Enter verification code", secret: true), .confirmation(options: options, selected: 0)])
    }

    /// Whether `code` is the TOTP of `secret` for the current step of `interval` seconds, or one
    /// of `steps` steps before or after.
    private static func accepts(_ code: String, secret: String, interval: Int, steps: Int) -> Bool {
        let now = Date()
        return (-steps...steps).contains { TOTP.code(secret: secret, at: now.addingTimeInterval(Double(interval * $0)), period: interval) == code }
    }
}

/// Push Sender: "sends" a push notification to the user's phone: the demo approves it by itself
/// once `pushApprovalDelay` has passed. `SENT`, with the message's id, time and `messageTimeout`
/// in the shared state; with `pushType` `CHALLENGE` also a number for the user to tap, which Push Wait shows.
/// A user the directory does not know stops the journey, as AM's node does.
struct PushSender: NodeBehaviour {
    static let messageIdKey = "pushMessageId"
    static let sentAtKey = "pushSentAt"
    /// Where AM's node keeps the number to tap.
    static let challengeKey = "pushNumberChallengeKey"
    /// How long the message may wait for an answer, in milliseconds (`messageTimeout`).
    static let timeoutKey = "pushMessageTimeout"
    static let defaultTimeout = 120_000

    func process(_ call: inout NodeCall) async -> NodeResult {
        guard let username = call.state.username else { return .refuse("Expected username to be set.") }
        guard call.state.shared[Self.messageIdKey] == nil else {
            return .refuse("Message ID is already set! Must finish one push authentication before starting a new one.")
        }
        guard await call.environment.directory.user(named: username) != nil else { return .refuse("Failed to fetch identity.") }
        call.state.setShared(Self.messageIdKey, .string(RandomToken.base64URL(bytes: 12)))
        call.state.setShared(Self.sentAtKey, .int(Date().millisecondsSince1970))
        call.state.setShared(Self.timeoutKey, .int(max(0, call["messageTimeout"]?.int ?? Self.defaultTimeout)))
        if call["pushType"]?.string == "CHALLENGE" {
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
        let now = Date().millisecondsSince1970
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
/// was sent), `EXPIRED` when the sender's `messageTimeout` passed first, `WAITING` before; the
/// message is forgotten once it is decided.
struct PushResultVerifier: NodeBehaviour {
    func process(_ call: inout NodeCall) async -> NodeResult {
        guard call.state.shared[PushSender.messageIdKey] != nil, let sentAt = call.state.shared[PushSender.sentAtKey]?.int else {
            return .refuse("Unable to find push message ID")
        }
        let now = Date().millisecondsSince1970
        let approvedAt = sentAt + Int(call.environment.configuration.pushApprovalDelay.inMilliseconds)
        let expiresAt = sentAt + (call.state.shared[PushSender.timeoutKey]?.int ?? PushSender.defaultTimeout)
        let outcome = now >= approvedAt ? "TRUE" : now >= expiresAt ? "EXPIRED" : "WAITING"
        if outcome != "WAITING" { for key in [PushSender.messageIdKey, PushSender.sentAtKey, PushSender.timeoutKey] { call.state.removeShared(key) } }
        return .outcome(outcome)
    }
}
