import Foundation

/// One run of an exported journey: node after node from its entry, each as AM runs it
/// (`NodeTypes`), until a page asks something, the journey suspends, or it reaches Success or
/// Failure. A page node runs all its nodes on every submission; an inner tree evaluator walks its
/// tree with the same state and goes on by `true` or `false`.
struct TreeRun: Sendable {
    /// The journey this run walks, with the level and methods it proved once it succeeded.
    private(set) var identity: JourneyIdentity
    private let library: TreeLibrary
    /// The journey, then each inner tree it entered, each at its current node.
    private var frames: [Frame]
    private var state = TreeState()
    /// The page shown last, waiting for answers (or for its resume link).
    private var waiting: Waiting?
    /// How the user proved who they are so far (OIDC `amr`), each once, in order.
    private var methods: [String] = []
    /// The transaction a `TransactionConditionAdvice` started the journey for: a success
    /// completes it, as AM's transaction condition does.
    private var transactionId: String?

    /// The most nodes one step runs before a page: a journey that goes round without asking
    /// anything is stopped there.
    static let mostNodesPerStep = 500
    /// The most inner trees inside one another.
    static let deepestInnerTree = 20

    /// A tree being walked, at its current node. An inner tree's frame keeps the secret state
    /// it started from: what the inner tree adds to it does not outlive it, as in AM.
    private struct Frame: Sendable {
        let tree: ExportedTree
        var node: String
        var outerSecret: JSONValue?
    }

    private struct Waiting: Sendable {
        /// The page node, or the node alone, that asked.
        let node: ExportedNode
        /// Each node on the page and the callbacks it showed.
        let parts: [Part]
        let page: Page
        let suspended: Bool
    }

    private struct Part: Sendable {
        let node: ExportedNode
        let callbacks: [Callback]
    }

    /// Whether the journey ends without a session whatever the request asks (the tree's `noSession`).
    var endsWithoutSession: Bool { frames.first?.tree.noSession ?? false }
    /// Where the success answer sends the client (a Success URL node's); nil for AM's default.
    var successURL: String? { state.shared["successUrl"]?.string }

    /// The realm the journey runs in: its inner trees are that realm's.
    private let realm: String

    init(tree: ExportedTree, library: TreeLibrary, realm: String) {
        identity = JourneyIdentity(name: tree.name, authLevel: 0, amr: [])
        self.library = library
        self.realm = realm
        frames = [Frame(tree: tree, node: tree.entry)]
    }

    /// Starts the run and returns its first outcome: a page, or an end when no node asks anything.
    /// With `transaction`, the one a `TransactionConditionAdvice` names, a success completes it.
    mutating func begin(transaction: TransactionStore.Transaction?, _ environment: JourneyEnvironment) async -> Outcome {
        transactionId = transaction?.id
        return await walk(environment)
    }

    /// Reads the answers to the page shown last (already checked against it by the server).
    mutating func next(_ answers: Answers, _ environment: JourneyEnvironment) async -> Outcome {
        guard let waiting else { return .failure }
        // A suspended journey goes on by its link only.
        if waiting.suspended { return .page(waiting.page) }
        var results: [NodeResult] = []
        var echoes: [[Callback]] = []
        var offset = 0
        for part in waiting.parts {
            let shown = part.callbacks.enumerated().map { index, callback in callback.answered(by: answers, at: offset + index) }
            results.append(await run(part.node, answers: NodeAnswers(answers: answers, offset: offset, shown: shown), environment))
            echoes.append(shown)
            offset += part.callbacks.count
        }
        return await settle(waiting.node, parts: waiting.parts.map(\.node), results: results, echoes: echoes, environment).walkingOn(&self, environment)
    }

    /// Goes on after the run's resume link was followed (`suspendedId`).
    mutating func resume(_ environment: JourneyEnvironment) async -> Outcome {
        guard let waiting, waiting.suspended else { return .failure }
        self.waiting = nil
        var call = call(waiting.node, answers: nil, environment)
        let result = await NodeTypes.behaviour(for: waiting.node, in: library).resumed(&call)
        state = call.state
        return await settle(waiting.node, parts: [waiting.node], results: [result], environment).walkingOn(&self, environment)
    }

    // MARK: - Walking

    /// Runs nodes from the current one until one asks, suspends, or the journey ends.
    fileprivate mutating func walk(_ environment: JourneyEnvironment) async -> Outcome {
        for _ in 0..<Self.mostNodesPerStep {
            let frame = frames[frames.count - 1]
            if frame.node == ExportedTree.success || frame.node == ExportedTree.failure {
                let succeeded = frame.node == ExportedTree.success
                guard frames.count > 1 else { return await finish(succeeded, environment) }
                if let outer = frames.removeLast().outerSecret { state.secret = outer }
                if let refused = await follow(succeeded ? "true" : "false", environment) { return refused }
                continue
            }
            guard let node = frame.tree.nodes[frame.node] else { return .refused("Journey \(frame.tree.name) has no node \(frame.node)") }
            await environment.coverage.reached(node.id, of: frame.tree.key)
            switch node.type {
            case "InnerTreeEvaluatorNode":
                let name = library.configuration(of: node.id)["tree"]?.string ?? ""
                guard let inner = library.tree(named: name, in: realm) else {
                    return .refused(name.isEmpty ? "\(node.title) names no journey to run (its configuration was not exported)"
                                                 : "\(node.title) runs the journey \(name), which this server does not serve")
                }
                guard inner.enabled else { return .refused("\(node.title) runs the journey \(name), which is disabled") }
                guard frames.count < Self.deepestInnerTree else { return .refused("\(node.title): inner trees nest deeper than \(Self.deepestInnerTree)") }
                frames.append(Frame(tree: inner, node: inner.entry, outerSecret: state.secret))
            case "PageNode":
                let children = library.children(of: node)
                guard !children.isEmpty else { return .refused("\(node.title): this page has no nodes in it") }
                var results: [NodeResult] = []
                for child in children { results.append(await run(child, answers: nil, environment)) }
                if case .ended(let outcome) = await settle(node, parts: children, results: results, environment) { return outcome }
            default:
                let result = await run(node, answers: nil, environment)
                if case .ended(let outcome) = await settle(node, parts: [node], results: [result], environment) { return outcome }
            }
        }
        return .refused("The journey ran \(Self.mostNodesPerStep) nodes without a page: it goes round without asking anything")
    }

    /// Where a step stands once a page's nodes (or a node alone) ran.
    private enum Settled {
        /// The step ends here: a page, the journey suspended, refused or failed.
        case ended(Outcome)
        /// The nodes went on by the last one's outcome: walk on.
        case goesOn

        /// The outcome, walking on first when the nodes went on.
        func walkingOn(_ run: inout TreeRun, _ environment: JourneyEnvironment) async -> Outcome {
            switch self {
            case .ended(let outcome): outcome
            case .goesOn: await run.walk(environment)
            }
        }
    }

    /// What the results of a page's nodes (or a node alone) come to: a page when one asks (the
    /// nodes that are done show what was sent to them, `echoes`), the journey suspended or
    /// refused, or on by the last node's outcome.
    private mutating func settle(_ node: ExportedNode, parts: [ExportedNode], results: [NodeResult], echoes: [[Callback]] = [],
                                 _ environment: JourneyEnvironment) async -> Settled {
        var shown: [Part] = []
        var asks = false
        for (index, (part, result)) in zip(parts, results).enumerated() {
            switch result {
            case .refuse(let reason):
                waiting = nil
                let tree = frames[frames.count - 1].tree
                let message = "Journey \(tree.name), node \(part.title) (\(part.type)): \(reason)"
                if await tookErrorOutcome(message, node: part, environment) { return .goesOn }
                return .ended(.refused(message))
            case .suspend(let callbacks, let mail):
                let page = pageOf(node, callbacks: callbacks, environment)
                waiting = Waiting(node: part, parts: [Part(node: part, callbacks: callbacks)], page: page, suspended: true)
                return .ended(.suspend(page, mail: mail))
            case .ask(let callbacks):
                asks = true
                shown.append(Part(node: part, callbacks: callbacks))
            case .outcome:
                shown.append(Part(node: part, callbacks: index < echoes.count ? echoes[index] : []))
            }
        }
        if asks {
            let page = pageOf(node, callbacks: shown.flatMap(\.callbacks), environment)
            waiting = Waiting(node: node, parts: shown, page: page, suspended: false)
            return .ended(.page(page))
        }
        waiting = nil
        guard case .outcome(let outcome)? = results.last, let decider = parts.last else { return .ended(.failure) }
        // A page goes on by its last node's outcome, and that node proved what it proves.
        if let method = Self.method(proven: decider.type, outcome), !methods.contains(method) { methods.append(method) }
        if let refused = await follow(outcome, environment) { return .ended(refused) }
        return .goesOn
    }

    /// Inside inner trees, a refusal goes to the `error` outcome of the nearest inner tree
    /// evaluator that shows errors (`displayErrorOutcome`), with `errorMessage` and `errorNode` in
    /// the shared state, as AM does; false when none does.
    private mutating func tookErrorOutcome(_ message: String, node: ExportedNode, _ environment: JourneyEnvironment) async -> Bool {
        for level in stride(from: frames.count - 2, through: 0, by: -1) {
            guard let evaluator = frames[level].tree.nodes[frames[level].node], evaluator.connections["error"] != nil,
                  library.configuration(of: evaluator.id)["displayErrorOutcome"]?.bool == true else { continue }
            if let outer = frames[level + 1].outerSecret { state.secret = outer }
            frames.removeLast(frames.count - level - 1)
            state.setShared("errorMessage", .string(message))
            state.setShared("errorNode", .object([("id", .string(node.id)), ("displayName", .string(node.displayName)), ("type", .string(node.type))]))
            return await follow("error", environment) == nil
        }
        return false
    }

    /// Moves the current tree on by `outcome` of its current node (and notes it taken); a
    /// refusal when the node has no connection for it.
    private mutating func follow(_ outcome: String, _ environment: JourneyEnvironment) async -> Outcome? {
        let frame = frames[frames.count - 1]
        guard let node = frame.tree.nodes[frame.node], let next = node.connections[outcome] else {
            return .refused("Node \(frame.node) of journey \(frame.tree.name) has no connection for its outcome \(outcome)")
        }
        await environment.coverage.took(outcome, of: node.id, in: frame.tree.key)
        frames[frames.count - 1].node = next
        return nil
    }

    /// The journey reached an end: a session for the user it identified, when that user may sign in.
    private mutating func finish(_ succeeded: Bool, _ environment: JourneyEnvironment) async -> Outcome {
        guard succeeded else { return .failure }
        guard let username = state.username, let user = await environment.directory.user(named: username) else {
            return .refused("The journey reached Success without knowing who signed in: no node set the user name")
        }
        guard user.active else { return .refused("User Locked Out.") }
        if let transactionId, await !environment.transactions.complete(transactionId, by: user.username) { return .failure }
        if user.attributes[RetryLimitDecision.userAttribute] != nil {
            await RetryLimitDecision.clear(library.retryLimitNodes, of: user.username, in: environment.directory)
        }
        identity = JourneyIdentity(name: identity.name, authLevel: state.shared["authLevel"]?.int ?? 0, amr: methods)
        return .success(username: user.username)
    }

    /// The authentication method a node's outcome proves: a password checked, a one-time
    /// password checked, an email's link followed, a push approved, an identity provider's word.
    private static func method(proven type: String, _ outcome: String) -> String? {
        switch (type, outcome) {
        case ("DataStoreDecisionNode", "true"), ("AgentDataStoreDecisionNode", "true"), ("IdentityStoreDecisionNode", "TRUE"), ("LdapDecisionNode", "TRUE"): "pwd"
        case ("OneTimePasswordCollectorDecisionNode", "true"), ("OathTokenVerifierNode", "successOutcome"): "otp"
        case ("PushResultVerifierNode", "TRUE"): "push"
        case ("SocialProviderHandlerNode", "ACCOUNT_EXISTS"): "fed"
        case ("EmailSuspendNode", "outcome"): "email"
        default: nil
        }
    }

    // MARK: - Nodes

    private mutating func run(_ node: ExportedNode, answers: NodeAnswers?, _ environment: JourneyEnvironment) async -> NodeResult {
        // A page's nodes count as reached too (the page itself is noted as the walk meets it).
        await environment.coverage.reached(node.id, of: frames[frames.count - 1].tree.key)
        var call = call(node, answers: answers, environment)
        let result = await NodeTypes.behaviour(for: node, in: library).process(&call)
        state = call.state
        return result
    }

    private func call(_ node: ExportedNode, answers: NodeAnswers?, _ environment: JourneyEnvironment) -> NodeCall {
        NodeCall(node: node, configuration: library.configuration(of: node.id), answers: answers, state: state, environment: environment,
                 identityResource: frames.last?.tree.identityResource)
    }

    /// A page node's page carries its header, description (in the request's language) and
    /// stage; a node alone sends none. The demo's own journeys may say where their users,
    /// codes and emails are shown (`DemoPlaceholders`).
    private func pageOf(_ node: ExportedNode, callbacks: [Callback], _ environment: JourneyEnvironment) -> Page {
        guard node.type == "PageNode" else { return Page(callbacks: callbacks) }
        let configuration = library.configuration(of: node.id)
        var description = environment.language.text(of: configuration["pageDescription"]) ?? ""
        if frames.last?.tree.isDemo == true { description = DemoPlaceholders.fill(description, environment.configuration) }
        return Page(stage: configuration["stage"]?.string.flatMap { $0.isEmpty ? nil : $0 },
                    header: environment.language.text(of: configuration["pageHeader"]) ?? "", description: description, callbacks: callbacks)
    }
}
