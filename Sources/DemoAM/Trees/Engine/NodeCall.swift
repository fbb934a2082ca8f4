/// What a node sees when it runs: its configuration, the answers to the callbacks it asked for
/// (nil when it runs with nothing submitted), the journey's state, and the server.
struct NodeCall: Sendable {
    let node: ExportedNode
    let configuration: JSONValue
    let answers: NodeAnswers?
    var state: TreeState
    let environment: JourneyEnvironment
    /// The tree's `identityResource` (`managed/alpha_user`), when it has one.
    let identityResource: String?

    /// A configuration value.
    subscript(key: String) -> JSONValue? { configuration[key] }

    /// A text of the configuration; a locale map (`{"en": …, "fr": …}`) gives the request's
    /// language's text, else English, else its first.
    func text(_ key: String, default fallback: String) -> String {
        environment.language.text(of: configuration[key]).flatMap { $0.isEmpty ? nil : $0 } ?? fallback
    }

    /// The value that identifies the user, as IDM nodes find it: the collected
    /// `objectAttributes.<attribute>`, else the shared `username`.
    func identityValue(_ attribute: String) -> String? {
        state.objectAttribute(attribute)?.scalarText.flatMap { $0.isEmpty ? nil : $0 } ?? state.username
    }

    /// The user the journey is about, found by `identityAttribute` (`userName` unless configured).
    func identifiedUser() async -> DemoUser? {
        let attribute = configuration["identityAttribute"]?.string ?? "userName"
        guard let value = identityValue(attribute) else { return nil }
        if let user = await environment.directory.user(where: attribute, is: value) { return user }
        return await environment.directory.user(named: value)
    }
}

/// The answers to one node's callbacks on a submitted page, read by the node's own positions.
struct NodeAnswers: Sendable {
    let answers: Answers
    /// Where the node's callbacks start on the page.
    let offset: Int
    /// The callbacks the node showed, with the values the client sent back in them.
    let shown: [Callback]

    func string(_ index: Int, _ suffix: String = "") -> String { answers.string(offset + index, suffix) }
    func bool(_ index: Int, _ suffix: String = "") -> Bool { answers.bool(offset + index, suffix) }
    func int(_ index: Int) -> Int { answers.int(offset + index) }
}

/// What a node came to.
enum NodeResult: Sendable {
    /// Go on by this outcome.
    case outcome(String)
    /// Show these callbacks (on the node's page) and wait for the answers.
    case ask([Callback])
    /// Show these callbacks and suspend: the resume link goes to `mail`, when there is one.
    case suspend([Callback], mail: ResumeMail?)
    /// End the journey refused, with the reason (the journey and the node are named with it).
    case refuse(String)
}

/// How a node type runs. Each standard node the demo AM runs has one (`NodeTypes`); a node
/// without one asks which of its outcomes to take.
protocol NodeBehaviour: Sendable {
    func process(_ call: inout NodeCall) async -> NodeResult
    /// After the journey was resumed from this node's suspension.
    func resumed(_ call: inout NodeCall) async -> NodeResult
}

extension NodeBehaviour {
    func resumed(_ call: inout NodeCall) async -> NodeResult { .outcome("outcome") }
}
