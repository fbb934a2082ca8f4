/// The node types the demo AM runs as AM documents them, by `nodeType`. Any other node (a
/// scripted decision, a custom node, a node that needs an outside service) asks which of its
/// outcomes to take (`AskedNode`), unless a stub answers for it.
enum NodeTypes {
    static func behaviour(for type: String) -> (any NodeBehaviour)? {
        switch type {
        case "UsernameCollectorNode": UsernameCollector()
        case "PasswordCollectorNode": PasswordCollector()
        case "ValidatedUsernameNode": ValidatedUsername()
        case "ValidatedPasswordNode": ValidatedPassword()
        case "AttributeCollectorNode": AttributeCollector()
        case "AcceptTermsAndConditionsNode": AcceptTerms()
        case "KbaCreateNode": KbaCreate()
        case "ChoiceCollectorNode": ChoiceCollector()
        case "MessageNode": MessageNode()
        case "ZeroPageLoginNode", "product-ZeroPageLoginNode": ZeroPageLogin()
        case "DataStoreDecisionNode", "AgentDataStoreDecisionNode": PasswordDecision(outcomes: .lowercase)
        case "IdentityStoreDecisionNode", "LdapDecisionNode": PasswordDecision(outcomes: .identityStore)
        case "IdentifyExistingUserNode": IdentifyExistingUser()
        case "AttributePresentDecisionNode": AttributePresentDecision()
        case "IncrementLoginCountNode": IncrementLoginCount()
        case "LoginCountDecisionNode": LoginCountDecision()
        case "QueryFilterDecisionNode": QueryFilterDecision()
        case "RetryLimitDecisionNode": RetryLimitDecision()
        case "AccountLockoutNode": AccountLockout()
        case "PatchObjectNode": PatchObject()
        case "CreateObjectNode": CreateObject()
        case "EmailSuspendNode": EmailSuspend()
        case "OneTimePasswordGeneratorNode": OneTimePasswordGenerator()
        case "OneTimePasswordSmtpSenderNode": OneTimePasswordMailer()
        case "OneTimePasswordCollectorDecisionNode": OneTimePasswordCollector()
        case "SetSuccessUrlNode": SetStateValue(configurationKey: "successUrl", stateKey: "successUrl")
        case "SetFailureUrlNode": SetStateValue(configurationKey: "failureUrl", stateKey: "failureUrl")
        case "ModifyAuthLevelNode": ModifyAuthLevel()
        case "AuthLevelDecisionNode": AuthLevelDecision()
        case "TimerStartNode": TimerStart()
        case "SessionDataNode": GetSessionData()
        case "OathTokenVerifierNode": OathTokenVerifier()
        case "PushAuthenticationSenderNode": PushSender()
        case "PushWaitNode": PushWait()
        case "PushResultVerifierNode": PushResultVerifier()
        case "product-CaptchaNode", "CaptchaNode": Captcha()
        case "product-CaptchaEnterpriseNode": CaptchaEnterprise()
        case "SelectIdPNode": SelectIdentityProvider()
        case "SocialProviderHandlerNode": SocialProviderHandler()
        case "TimerStopNode", "SetPersistentCookieNode": PassThrough()
        default: nil
        }
    }

    /// The behaviour of `node`: its type's, else asking for (or the stub's) outcome.
    static func behaviour(for node: ExportedNode, in library: TreeLibrary) -> any NodeBehaviour {
        behaviour(for: node.type) ?? AskedNode(outcomes: library.outcomes(of: node), stub: library.stub(for: node))
    }
}

/// A node the demo AM cannot run: a choice of its outcomes, naming the node, so the journey can
/// be walked on; a stub picks the outcome without asking.
struct AskedNode: NodeBehaviour {
    let outcomes: [String]
    let stub: String?

    func process(_ call: inout NodeCall) async -> NodeResult {
        if let stub {
            return outcomes.isEmpty || outcomes.contains(stub) ? .outcome(stub)
                : .refuse("its stub names \(stub), which is none of its outcomes (\(outcomes.joined(separator: ", ")))")
        }
        guard !outcomes.isEmpty else { return .refuse("it has no outcome to take") }
        // One outcome only: nothing to choose.
        if outcomes.count == 1 { return .outcome(outcomes[0]) }
        if let answers = call.answers {
            let index = answers.int(0)
            if outcomes.indices.contains(index) { return .outcome(outcomes[index]) }
        }
        return .ask([.choice(prompt: "\(call.node.title) (\(call.node.type)) cannot run on this server: which outcome?", choices: outcomes, defaultChoice: 0)])
    }
}

/// A node whose work has no effect the demo AM keeps (a timer's stop, a persistent cookie).
struct PassThrough: NodeBehaviour {
    func process(_ call: inout NodeCall) async -> NodeResult { .outcome("outcome") }
}
