/// A page AM sent, as much of it as says which node sent it: its stage and its callbacks' types.
public struct PageSignature: Sendable, Equatable {
    public let stage: String?
    public let callbackTypes: [String]

    public init(stage: String?, callbackTypes: [String]) {
        self.stage = stage
        self.callbackTypes = callbackTypes
    }
}

/// Finds the node that sent a page. AM does not name it, but a page node's stage, when its author
/// set one, is sent with the page: that match is certain. Otherwise the page is matched as AM
/// builds pages: a page node sends its nodes' callbacks, a node alone its own, and the node
/// types that send a page's callbacks point to the node. Nodes after the last one matched win a
/// tie. Such a match is a guess, and says so.
public enum PageMatcher {
    public struct Match: Sendable, Equatable {
        public let node: String
        /// Matched by callbacks, not named by the page's stage.
        public let guessed: Bool

        public init(node: String, guessed: Bool) {
            self.node = node
            self.guessed = guessed
        }
    }

    /// The node of `journey` that sent `page`, after `previous` (the node of the page before).
    public static func match(_ page: PageSignature, in journey: JourneyDefinition, after previous: String? = nil) -> Match? {
        if let stage = page.stage, !stage.isEmpty {
            let staged = journey.nodes.filter { $0.stage == stage }
            if staged.count == 1 { return Match(node: staged[0].id, guessed: false) }
        }
        let sent = Set(page.callbackTypes)
        guard !sent.isEmpty else { return nil }
        let near = previous.map { reachable(from: $0, in: journey) } ?? []
        var best: (node: String, score: Int)?
        for node in journey.nodes {
            let types = node.pageChildren.isEmpty ? [node.type] : node.pageChildren.map(\.type)
            let callbacks = Set(types.flatMap { callbackTypes(of: $0) })
            let shared = callbacks.intersection(sent).count
            guard shared > 0 else { continue }
            // Callbacks the node would send that the page lacks count against it.
            let score = 4 * shared - callbacks.subtracting(sent).count + (near.contains(node.id) ? 2 : 0)
            if score > (best?.score ?? .min) { best = (node.id, score) }
        }
        return best.map { Match(node: $0.node, guessed: true) }
    }

    /// The nodes one or two outcomes away from `node`: where a run goes next.
    private static func reachable(from node: String, in journey: JourneyDefinition) -> Set<String> {
        let first = Set(journey.node(node)?.connections.map(\.target) ?? [])
        return first.union(first.flatMap { journey.node($0)?.connections.map(\.target) ?? [] })
    }

    /// The callbacks AM's standard nodes send (AM's node reference and the SDKs' callback
    /// lists); a node type not here sends none we could know.
    static func callbackTypes(of nodeType: String) -> [String] {
        switch nodeType {
        case "UsernameCollectorNode": ["NameCallback"]
        case "PasswordCollectorNode": ["PasswordCallback"]
        case "ValidatedUsernameNode": ["ValidatedCreateUsernameCallback"]
        case "ValidatedPasswordNode": ["ValidatedCreatePasswordCallback"]
        case "AttributeCollectorNode": ["StringAttributeInputCallback", "BooleanAttributeInputCallback", "NumberAttributeInputCallback"]
        case "ChoiceCollectorNode": ["ChoiceCallback"]
        case "MessageNode": ["TextOutputCallback", "ConfirmationCallback"]
        case "OneTimePasswordCollectorDecisionNode": ["PasswordCallback"]
        case "OathTokenVerifierNode": ["NameCallback", "ConfirmationCallback"]
        case "PushWaitNode": ["PollingWaitCallback"]
        case "PushAuthenticationSenderNode": ["PollingWaitCallback"]
        case "EmailSuspendNode": ["SuspendedTextOutputCallback"]
        case "SelectIdPNode": ["SelectIdPCallback"]
        case "SocialProviderHandlerNode", "SocialProviderHandlerNodeV2": ["RedirectCallback"]
        case "KbaCreateNode": ["KbaCreateCallback"]
        case "KbaVerifyNode": ["PasswordCallback"]
        case "AcceptTermsAndConditionsNode": ["TermsAndConditionsCallback"]
        case "ConsentNode": ["ConsentMappingCallback"]
        case "product-CaptchaNode", "CaptchaNode": ["ReCaptchaCallback"]
        case "product-CaptchaEnterpriseNode": ["ReCaptchaEnterpriseCallback"]
        case "WebAuthnRegistrationNode", "WebAuthnAuthenticationNode": ["MetadataCallback", "TextOutputCallback", "HiddenValueCallback"]
        case "DeviceProfileCollectorNode": ["DeviceProfileCallback"]
        default: []
        }
    }
}
