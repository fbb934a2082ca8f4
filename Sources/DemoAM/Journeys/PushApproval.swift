import Foundation

/// `PushApproval`: a user name and a "send notification" button, then a polling page that shows
/// a number to tap. The demo approves the push by itself once `pushApprovalDelay` has passed.
struct PushApprovalJourney: CodedJourney {
    static let name = "PushApproval"
    static let authLevel = 5
    static let amr = ["push"]

    /// The Push Wait node's "keep waiting" value of its Cancel button; 0 means cancel.
    private static let keepWaiting = 100

    private enum State {
        case start
        case waiting(DemoUser, number: Int, since: ContinuousClock.Instant)
    }

    private var state = State.start

    func firstPage(_ environment: JourneyEnvironment) -> Page {
        let seconds = String(format: "%g", environment.configuration.pushApprovalDelay.inSeconds)
        return Page(
            stage: "PushStart",
            callbacks: [
                .name(prompt: "User Name"),
                .textOutput(
                    "We will send a push notification to your phone. "
                        + "In this demo nobody taps it: the demo approves it by itself after \(seconds) seconds."
                ),
                .confirmation(options: ["Send notification", "Cancel"], selected: 0),
            ]
        )
    }

    mutating func next(_ answers: Answers, _ environment: JourneyEnvironment) async throws(AMError) -> Outcome {
        switch state {
        case .start:
            switch answers.int(2) {
            case 0:
                guard let user = await environment.directory.user(named: answers.string(0)) else { return .failure }
                let number = Int.random(in: 10...99)
                state = .waiting(user, number: number, since: .now)
                return .page(Self.waitingPage(number: number, environment))
            case 1:
                return .failure
            case let other:
                throw .badRequest("IDToken3 of ConfirmationCallback must be 0 (Send notification) or 1 (Cancel), not \(other)")
            }
        case .waiting(let user, let number, let since):
            switch answers.int(3) {
            case 0:
                return .failure
            case Self.keepWaiting:
                let approved = ContinuousClock.now - since >= environment.configuration.pushApprovalDelay
                return approved ? .success(username: user.username) : .page(Self.waitingPage(number: number, environment))
            case let other:
                throw .badRequest("IDToken4 of ConfirmationCallback must be \(Self.keepWaiting) (keep waiting) or 0 (Cancel), not \(other)")
            }
        }
    }

    private static func waitingPage(number: Int, _ environment: JourneyEnvironment) -> Page {
        Page(
            stage: "PushWait",
            callbacks: [
                .pollingWait(environment.configuration.pollWaitTime, message: "Waiting for response..."),
                .hiddenValue(id: "pushChallengeNumber", value: String(number)),
                .textOutput("Tap the number \(number) on the push notification to continue."),
                .confirmation(options: ["Cancel"], selected: keepWaiting),
            ]
        )
    }
}
