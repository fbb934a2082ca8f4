/// The username/password page shared by `Login` and `SecondFactor` (stage `UsernamePassword`);
/// it points to the demo panel only inside `journey demo`.
enum UsernamePasswordPage {
    static func page(_ environment: JourneyEnvironment) -> Page {
        let (header, user, password) =
            switch environment.language {
            case .english: ("Sign In", "User Name", "Password")
            case .french: ("Connexion", "Nom d'utilisateur", "Mot de passe")
            }
        return Page(
            stage: "UsernamePassword",
            header: header,
            description: "Sign in with a demo account.<br>" + (environment.configuration.hasDemoPanel
                ? "The demo panel (<b>d</b>) lists the users, as does the banner printed at start."
                : "The banner this demo AM printed when it started lists the users."),
            callbacks: [.name(prompt: user), .password(prompt: password)]
        )
    }

    /// The user, when the answers name one and give their password.
    static func user(from answers: Answers, in directory: Directory) async -> DemoUser? {
        await directory.authenticate(username: answers.string(0), password: answers.string(1))
    }
}
