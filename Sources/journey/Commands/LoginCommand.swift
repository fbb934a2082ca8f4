import ArgumentParser
import DaVinci
import JourneyEngine
import JourneyProfiles
import JourneyTesting
import Orchestrate

/// `journey login`: walk a journey line by line, interactively or from given answers.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Walk a journey line by line (no full-screen UI).",
        discussion: """
        With a terminal, each prompt is asked (passwords are not echoed). Answers given with \
        --answer or --answers are used first; without a terminal they are the only source, and a \
        prompt with no answer stops the journey (exit code 2). Without --tree the profile's \
        authServiceName (Login) is walked.

        Options come from flags, then JOURNEY_… variables, then the --profile, then the SDKs' \
        defaults (journey config show). A profile of kind: davinci runs its PingOne DaVinci flow \
        instead, form by form (--answer KEY=VALUE by field key or label, --answer button=KEY to \
        press a button or link other than the form's submit button). An instance that changes url, realm, cookieName or its \
        OAuth client signs out at the old server first.

        Examples:
          journey login --profile lab
          journey login --url http://127.0.0.1:8180/am --tree Login
          journey login --url http://127.0.0.1:8180/am --tree Login \\
              --answer "User Name=demo" --answer Password=Demo-pass1 --json
          journey login --url http://127.0.0.1:8180/am --tree SecondFactor \\
              --answers answers.txt
          journey login --url https://tenant.forgeblocks.com/am --realm alpha \\
              --tree Login --cookie-name 386c0d288Bac4b9
          journey login --url http://127.0.0.1:8180/am \\
              --resume 'http://…/XUI/?suspendedId=…'
          journey login --url http://127.0.0.1:8180/am --instance social \\
              --tree SocialLogin --answer "Identity provider=demo-idp" < /dev/null
          journey login --instance social \\
              --redirected 'http://127.0.0.1:8180/am/demo/idp/landing?code=…&state=…'
          journey login --profile lab --har login.har --save-answers login.answers
          journey login --profile lab --tree Login --save-test login.yaml
          journey login --profile pingone --answer username=demo \\
              --answer password=Demo-pass1 --json

        A step that goes on in a browser (social login, SAML) shows the address to open, with a QR \
        code on a terminal, and is kept in the instance's store. With a terminal, paste the address \
        the browser lands on; without one the run ends with exit code 5, and --redirected ADDRESS \
        goes on from the kept step in a later run.

        Exit codes: 0 signed in; 1 authentication failed; 2 an answer is missing (or the pasted \
        address cannot be used); 3 server or network error; 4 the journey or resume link expired; \
        5 the journey goes on in a browser; 64 bad usage.
        """
    )

    @OptionGroup(title: "Configuration") var options: ConfigurationOptions
    @OptionGroup(title: "Journey") var journey: JourneyOptions
    @OptionGroup(title: "Answers") var answers: AnswerOptions
    @OptionGroup(title: "OAuth 2.0") var tokens: TokenFetchOptions
    @OptionGroup(title: "Storage") var instance: InstanceOptions
    @OptionGroup(title: "Storage") var isolation: IsolationOptions
    @OptionGroup var trace: TraceOption
    @OptionGroup(title: "Recording") var recording: RecordingOptions

    @Flag(help: "Print the result as one JSON object on stdout (tokenId, successUrl, realm); messages go to stderr.")
    var json = false

    func validate() throws {
        _ = try journey.request(defaultJourney: nil)
        _ = try answers.book()
    }

    func run() async throws {
        try await Self.walk(options: options, journey: journey, answers: answers, tokens: tokens, instance: instance,
                            extra: isolation.flags(for: instance).merging(trace.flags) { $1 }, trace: trace, recording: recording,
                            json: json) { $0.authServiceName }
    }

    /// Starts the instance, walks the journey (the `--tree`, else the one `defaultJourney`
    /// names), records what it obtained and exits with the journey's status.
    static func walk(options: ConfigurationOptions, journey: JourneyOptions, answers: AnswerOptions, tokens: TokenFetchOptions,
                     instance: InstanceOptions, extra: [OptionKey: OptionLayers.FlagValue], trace: TraceOption,
                     recording: RecordingOptions, json: Bool, defaultJourney: (ClientOptions) -> String) async throws {
        let console = Console()
        let layers = options.layers(adding: extra)
        // A DaVinci profile (or JOURNEY_KIND=davinci) runs its flow; every other start is a journey's.
        let named = layers.effectiveProfileName != nil || EnvironmentOptions.sets(.kind, in: layers.environment)
            ? try ConfigurationOptions.resolve(layers) : nil
        if let resolved = named, resolved.options.kind == .davinci {
            let wire = recording.recording()
            let configuration: DaVinciConfiguration
            do {
                configuration = try resolved.options.davinciConfiguration()
            } catch {
                throw ValidationError(error.description)
            }
            var login = PlainDaVinciLogin(configuration: configuration, transport: HTTPTransports.make(for: resolved.options),
                                          answers: try answers.book(), printsJSON: json, traces: resolved.options.logLevel == .trace)
            login.revealsSecrets = trace.traceSecrets
            login.wireTap = wire?.tap
            login.keepsSession = resolved.options.enableCookie
            login.redirected = journey.redirected
            try recording.checkForFlow()
            do {
                let backend = try FileRecordStore()
                do {
                    try InstanceNameTaken.check(instance.instance, for: .davinci, in: backend)
                } catch let taken as InstanceNameTaken {
                    throw ValidationError("\(taken) Give the DaVinci flow another (--instance NAME).")
                }
                let stores = resolved.options.stores(forInstance: instance.instance)
                login.instance = (try DaVinciInstance(name: instance.instance, stores: stores, backend: backend), resolved.profileName,
                                  resolved.options.davinciTLS)
            } catch let error as StoreError {
                throw ValidationError(error.description)
            }
            TerminalEcho.installRestoringHandlers()
            let status = await login.run()
            recording.save(wire, revealing: trace.traceSecrets, console: console)
            throw status.code
        }
        // A profile named is resolved once: the journey starts with the options read above.
        let started = try await InstanceStart.start(options, instance: instance.instance, adding: extra, signsIn: true,
                                                    resolved: layers.effectiveProfileName != nil ? named : nil, console: console)
        var login = PlainLogin(server: started.server, transport: started.transport, answers: try answers.book(),
                               printsJSON: json, traces: started.traces)
        let wire = recording.recording()
        login.revealsSecrets = trace.traceSecrets
        login.wireTap = wire?.tap
        login.optionSources = started.resolved.sources
        login.recorder = LoginRecorder(instance: started.instance, options: started.options, profileName: started.resolved.profileName,
                                       oauth: started.oauth, strict: tokens.strict, discovers: tokens.discover)
        TerminalEcho.installRestoringHandlers()
        let request = try journey.browserReturn(kept: started.instance, on: started.server, console: console)
            ?? journey.request(defaultJourney: defaultJourney(started.options))
        let status = await login.run(request)
        recording.save(wire, revealing: trace.traceSecrets, target: RecordedTest.Target(profileName: started.resolved.profileName, options: started.options),
                       console: console)
        throw status.code
    }
}

/// `journey register`: walk the profile's registration journey (`registrationServiceName`).
struct RegisterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "register",
        abstract: "Walk the registration journey (registrationServiceName) line by line.",
        discussion: """
        The same as journey login, with the profile's registrationServiceName (Registration) as \
        the journey.

        Examples:
          journey register --profile lab
          journey register --url http://127.0.0.1:8180/am --answers new-user.txt
        """
    )

    @OptionGroup(title: "Configuration") var options: ConfigurationOptions
    @OptionGroup(title: "Journey") var journey: JourneyOptions
    @OptionGroup(title: "Answers") var answers: AnswerOptions
    @OptionGroup(title: "OAuth 2.0") var tokens: TokenFetchOptions
    @OptionGroup(title: "Storage") var instance: InstanceOptions
    @OptionGroup var trace: TraceOption
    @OptionGroup(title: "Recording") var recording: RecordingOptions

    @Flag(help: "Print the result as one JSON object on stdout; messages go to stderr.")
    var json = false

    func run() async throws {
        try await LoginCommand.walk(options: options, journey: journey, answers: answers, tokens: tokens, instance: instance,
                                    extra: trace.flags, trace: trace, recording: recording, json: json) { $0.registrationServiceName }
    }
}
