import Foundation

/// The one-time codes the journeys accept: the TOTP of the user's secret for the current 30-second
/// step, or the one before or after.
enum OneTimeCode {
    static func accepts(_ code: String, secret: String) -> Bool {
        let now = Date()
        return [-30.0, 0, 30].contains { TOTP.code(secret: secret, at: now.addingTimeInterval($0)) == code }
    }

    /// The error above a code page shown again after a wrong code.
    static func wrongCode(attemptsLeft: Int) -> String {
        "That code is not valid. " + (attemptsLeft == 1 ? "1 attempt left." : "\(attemptsLeft) attempts left.")
    }

    /// What the code pages say about where the code comes from: the demo panel inside
    /// `journey demo`, else the banner the server printed when it started.
    static func hint(_ environment: JourneyEnvironment) -> String {
        let shown = environment.configuration.hasDemoPanel ? "the demo panel (d) shows it" : "the banner this demo AM printed when it started lists the secrets"
        return "In this demo the code is the TOTP of your account's secret: \(shown)."
    }
}
