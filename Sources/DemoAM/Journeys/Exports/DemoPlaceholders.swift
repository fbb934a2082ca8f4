/// The texts the demo's own journeys put in their page descriptions with a placeholder, because
/// they depend on where the demo AM runs: inside `journey demo` they point to the demo panel,
/// elsewhere to the banner and the outbox route. An export given to `journey serve --journeys`
/// never has them filled in.
enum DemoPlaceholders {
    /// Each description with its placeholders filled in for this server.
    static func fill(_ description: String, _ configuration: DemoAMConfiguration) -> String {
        guard description.contains("{{demo:") else { return description }
        let panel = configuration.hasDemoPanel
        let seconds = String(format: "%g", configuration.pushApprovalDelay.inSeconds)
        let texts = [
            ("{{demo:usersListed}}", panel ? "The demo panel (<b>d</b>) lists the users, as does the banner printed at start."
                                           : "The banner this demo AM printed when it started lists the users."),
            ("{{demo:codeShown}}", "In this demo the code is the TOTP of your account's secret: "
                + (panel ? "the demo panel (d) shows it." : "the banner this demo AM printed when it started lists the secrets.")),
            ("{{demo:mailShown}}", "In this demo emails go to the outbox: " + (panel ? "the demo panel (d) shows them." : "GET /am/demo/outbox lists them.")),
            ("{{demo:pushApproved}}", "In this demo nobody taps it: the demo approves it by itself after \(seconds) seconds."),
        ]
        return texts.reduce(description) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }
}
