/// The username/password page of `SecondFactor` and `StepUp` (stage `UsernamePassword`, as
/// `Login`'s page node sends it); it points to the demo panel only inside `journey demo`.
enum UsernamePasswordPage {
    static func page(_ environment: JourneyEnvironment) -> Page {
        let language = environment.language
        return Page(
            stage: "UsernamePassword",
            header: language == .french ? "Connexion" : "Sign In",
            description: "Sign in with a demo account.<br>" + whereUsersAreListed(environment.configuration),
            callbacks: [.name(prompt: language.userNamePrompt), .password(prompt: language.passwordPrompt)]
        )
    }

    /// Where the demo's users are listed: the demo panel inside `journey demo`, else the banner.
    static func whereUsersAreListed(_ configuration: DemoAMConfiguration) -> String {
        configuration.hasDemoPanel
            ? "The demo panel (<b>d</b>) lists the users, as does the banner printed at start."
            : "The banner this demo AM printed when it started lists the users."
    }

    /// The user, when the answers name one and give their password.
    static func user(from answers: Answers, in directory: Directory) async -> DemoUser? {
        await directory.authenticate(username: answers.string(0), password: answers.string(1))
    }
}
