import Foundation

/// One run of a flow on the demo environment: started by an authorize request with
/// `response_mode=pi.flow`, answered form by form, ended by a code.
struct Interaction: Sendable {
    let id: String
    /// Sent back by the client as the `interactionToken` header.
    let token: String
    /// The `ST` cookie set with the first form: the client's jar must send it back.
    let sessionCookie: String
    let started: ContinuousClock.Instant
    let authorization: AuthorizeRequest
    /// The form on screen.
    var form: FormID
    /// The node id sent with the form; an answer must echo it.
    var nodeId: String
    /// Who the flow is about, once known.
    var username: String?
    /// The one-time code sent for this form, and how many wrong ones were tried.
    var oneTimeCode: String?
    var wrongCodes = 0
    /// A registration waiting for its email to be verified, or the user a code was sent to.
    var pendingUser: PingOneUser?
    /// Password recovery: a right code leads to the new-password form.
    var isRecovery = false
    /// A sign-on waiting for an approval on a phone: the polls so far, when the client was
    /// last told to wait (the form shown, or the last poll taken), and the challenge whose
    /// status it asks (challenge polling) and whether that challenge was approved.
    var polls = 0
    var waitingSince: ContinuousClock.Instant?
    var challenge: String?
    var challengeApproved = false
    var pollInterval: Duration = .seconds(1)
    var pollRetries = 10
    /// Timed out early (`DemoPingOne.expireFlows()`), to show expiry without waiting.
    var isExpired = false
    /// An answer to it is being worked on (`Interactions.claim`).
    var isBusy = false
    /// The node on screen has a `next` link but no form (`DetailsFlow`).
    var isFormless = false
    /// The flow ends with a `session` and no `authorizeResponse` (`demo-session-only`).
    var endsWithSessionOnly = false
}

/// The forms of the demo flows.
enum FormID: String, Sendable {
    case signOn, registration, oneTimeCode, recovery, newPassword, terms, authenticator, approval, contactDetails
    /// `DeviceChecks`: a PROTECT field, then a FIDO2 passkey.
    case deviceCheck, passkey
    /// `FieldsFlow`: the newer field types, and the help form its button shows.
    case fieldTypes, fieldHelp
}

/// What the authorize request asked for, checked when the code is exchanged.
struct AuthorizeRequest: Sendable {
    let clientId: String
    let redirectURI: String
    let scope: String
    let state: String?
    let nonce: String?
    let codeChallenge: String
}

/// The interactions in progress, and the one-time codes "sent" (the demo's outbox).
actor Interactions {
    private var running: [String: Interaction] = [:]
    private(set) var outbox: [(to: String, code: String)] = []
    /// The time between each accepted poll and the wait before it (`DemoPingOne.pollGaps()`).
    private(set) var pollGaps: [Duration] = []

    func add(_ interaction: Interaction) { running[interaction.id] = interaction }
    func interaction(_ id: String) -> Interaction? { running[id] }
    func update(_ interaction: Interaction) { running[interaction.id] = interaction }
    func end(_ id: String) { running[id] = nil }

    /// The interaction, marked busy, unless it is unknown or already busy.
    func claim(_ id: String) -> Interaction? {
        guard var interaction = running[id], !interaction.isBusy else { return nil }
        interaction.isBusy = true
        running[id] = interaction
        return interaction
    }

    /// The running interaction whose approval challenge this is.
    func interaction(challenge: String) -> Interaction? {
        running.values.first { $0.challenge == challenge }
    }

    func recordPoll(gap: Duration) { pollGaps.append(gap) }

    /// Ends the claim (when the interaction is still running).
    func release(_ id: String) { running[id]?.isBusy = false }

    /// Times every running interaction out.
    func expireAll() {
        for id in running.keys { running[id]?.isExpired = true }
    }

    /// A new six-digit code for `to`, kept in the outbox.
    func sendCode(to address: String) -> String {
        let code = String(format: "%06d", Int.random(in: 0..<1_000_000))
        outbox.append((address, code))
        return code
    }
}

enum RandomID {
    /// A random lowercase hexadecimal string of `bytes` bytes.
    static func hex(_ bytes: Int) -> String {
        (0..<bytes).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max)) }.joined()
    }

    /// A UUID in PingOne's lowercase form.
    static func uuid() -> String { UUID().uuidString.lowercased() }
}
