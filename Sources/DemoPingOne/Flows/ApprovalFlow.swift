import Foundation
import HTTPTypes
import Hummingbird

/// Sign-on that waits for an approval on a phone, as PingOne's flows do with a POLLING field:
/// the form says to approve on the phone; the client waits `pollInterval` and polls, at most
/// `pollRetries` times. Continue polling submits the form again (`eventType` "polling"); while
/// nothing is approved the answer is `rewindStateToLastRenderedUI` (the same form stands).
/// Challenge polling asks `/davinci/user/credentials/challenge/{challenge}/status` instead and
/// submits the form with the status once the challenge is complete. A poll that comes sooner
/// than the interval is refused (429), as PingOne refuses bursts.
enum ApprovalFlow {
    /// The POLLING field's key.
    static let pollingKey = "approval"

    static func form(_ interaction: Interaction) -> (name: String, description: String, fields: [[String: Any]], defaults: [String: Any]) {
        var polling: [String: Any] = ["type": "POLLING", "key": pollingKey, "pollInterval": "\(milliseconds(interaction.pollInterval))",
                                      "pollRetries": interaction.pollRetries]
        if let challenge = interaction.challenge {
            polling["pollChallengeStatus"] = true
            polling["challenge"] = challenge
        }
        return ("Approve on your phone", "We sent a notification to your phone.", [
            ["type": "LABEL", "content": "Waiting for approval on your phone…"],
            polling,
        ], [:])
    }

    static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }
}

extension FlowEngine {
    /// The password was right: the form that waits for `approval`.
    func awaitApproval(_ approval: PhoneApproval, in interaction: inout Interaction, base: String) async -> Response {
        interaction.polls = 0
        interaction.challenge = approval.byChallenge ? RandomID.hex(16) : nil
        interaction.challengeApproved = false
        interaction.pollInterval = configuration.pollInterval
        interaction.pollRetries = configuration.pollRetries
        interaction.waitingSince = .now
        return await show(.approval, in: &interaction, base: base)
    }

    /// A poll of the approval form (or, for challenge polling, its submission).
    func answerApproval(_ eventType: String?, value: String?, in interaction: inout Interaction, base: String) async -> Response {
        guard eventType == "polling" else {
            return formError(interaction, "This form waits for the approval on your phone: poll it (eventType polling).")
        }
        if value == "timedOut" {
            await interactions.end(interaction.id)
            return WireJSON.response(["environment": ["id": environment], "status": "FAILED",
                                      "error": ["code": "APPROVAL_TIMED_OUT", "message": "No approval arrived in time."]])
        }
        guard let user = await users.user(interaction.username ?? ""), let approval = user.approval else {
            return formError(interaction, "Nothing waits for an approval.")
        }
        if approval.byChallenge {
            guard interaction.challengeApproved, value == "approved" else {
                return formError(interaction, "The challenge is not approved yet: poll its status.")
            }
            return await finish(interaction, base: base)
        }
        if let refused = await tooSoon(&interaction) { return refused }
        interaction.polls += 1
        guard interaction.polls < approval.afterPolls else { return await finish(interaction, base: base) }
        await interactions.update(interaction)
        return WireJSON.response(["eventName": "rewindStateToLastRenderedUI", "success": true, "id": interaction.nodeId,
                                  "interactionId": interaction.id])
    }

    /// `POST /davinci/user/credentials/challenge/{challenge}/status`: whether the phone approved.
    func challengeStatus(_ challenge: String, request: Request) async -> Response {
        let expired = WireJSON.response(["code": 4019, "serviceName": "challengeExpired", "message": "The challenge expired or is unknown."],
                                        status: .badRequest)
        guard var interaction = await interactions.interaction(challenge: challenge),
              request.headers[HTTPField.Name("interactionId")!] == interaction.id else { return expired }
        guard !interaction.isExpired, ContinuousClock.now - interaction.started < configuration.interactionLifetime else { return expired }
        if let refused = await tooSoon(&interaction) { return refused }
        interaction.polls += 1
        let afterPolls = await users.user(interaction.username ?? "")?.approval?.afterPolls ?? 1
        interaction.challengeApproved = interaction.polls >= afterPolls
        await interactions.update(interaction)
        return WireJSON.response(interaction.challengeApproved ? ["isChallengeComplete": true, "status": "approved"] : ["isChallengeComplete": false])
    }

    /// A 429 when this poll came sooner than the interval after the last wait began; else the
    /// gap is recorded and the next wait begins now.
    private func tooSoon(_ interaction: inout Interaction) async -> Response? {
        let now = ContinuousClock.now
        let gap = now - (interaction.waitingSince ?? interaction.started)
        guard gap >= interaction.pollInterval else {
            return WireJSON.response([
                "interactionId": interaction.id, "code": "TOO_MANY_REQUESTS", "httpResponseCode": 429,
                "message": "Polled \(ApprovalFlow.milliseconds(gap)) ms after the last wait began; poll no sooner than every \(ApprovalFlow.milliseconds(interaction.pollInterval)) ms.",
            ], status: .tooManyRequests)
        }
        await interactions.recordPoll(gap: gap)
        interaction.waitingSince = now
        return nil
    }
}
