import ArgumentParser
import JourneyEngine

/// `journey login`: walk a journey line by line, interactively or from given answers.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Walk a journey line by line (no full-screen UI).",
        discussion: """
        With a terminal, each prompt is asked (passwords are not echoed). Answers given with
        --answer or --answers are used first; without a terminal they are the only source, and a
        prompt with no answer stops the journey (exit code 2).

        Examples:
          journey login --url http://127.0.0.1:8180/am --tree Login
          journey login --url http://127.0.0.1:8180/am --tree Login \\
              --answer "User Name=demo" --answer Password=Demo-pass1 --json
          journey login --url http://127.0.0.1:8180/am --tree SecondFactor --answers answers.txt
          journey login --url https://tenant.forgeblocks.com/am --realm alpha --tree Login \\
              --cookie-name 386c0d288Bac4b9
          journey login --url http://127.0.0.1:8180/am --resume 'http://…/XUI/?suspendedId=…'

        Exit codes: 0 signed in; 1 authentication failed; 2 an answer is missing; 3 server or
        network error; 4 the journey or resume link expired; 64 bad usage.
        """
    )

    @OptionGroup(title: "Server") var server: ServerOptions
    @OptionGroup(title: "Journey") var journey: JourneyOptions
    @OptionGroup(title: "Answers") var answers: AnswerOptions
    @OptionGroup(title: "OAuth 2.0") var oauth: OAuthOptions
    @OptionGroup(title: "Storage") var instance: InstanceOptions
    @OptionGroup(title: "Storage") var isolation: IsolationOptions

    @Flag(help: "Print the result as one JSON object on stdout (tokenId, successUrl, realm); messages go to stderr.")
    var json = false

    @Flag(help: "Trace every request and response on stderr, with secrets redacted.")
    var trace = false

    func validate() throws {
        _ = try server.configuration()
        _ = try journey.request()
        _ = try answers.book()
        _ = try oauth.configuration()
    }

    func run() async throws {
        var login = PlainLogin(
            server: try server.configuration(), answers: try answers.book(), printsJSON: json, traces: trace)
        login.recorder = LoginRecorder(instance: try isolation.open(instance), oauth: try oauth.configuration(),
                                       strict: oauth.strict, discovers: oauth.discover)
        TerminalEcho.installRestoringHandlers()
        let status = await login.run(try journey.request())
        throw status.code
    }
}
