/// How an instance shares its session and tokens with other instances, following the Ping
/// Orchestration SDKs' "handling tokens for multiple clients": by default all share one
/// session and one token store; the presets isolate what the two classic demos need.
public enum StoragePreset: String, CaseIterable, Sendable, Hashable, Codable {
    /// Every instance shares the "session" and "tokens" stores: sign in once, every instance
    /// is signed in; sign out anywhere and all are out.
    case shared
    /// One shared session, a token store per instance ("tokens-<instance>"): a "standard"
    /// instance and a "transactions" instance with another client or scope.
    case stepUp = "step-up"
    /// Session and tokens per instance, one user in each ("user_<instance>_session",
    /// "user_<instance>_tokens"): users side by side; signing one out leaves the others alone.
    case multiUser = "multi-user"

    /// The session and token store names an instance of `kind` uses under this preset. The
    /// kinds never share a store: a DaVinci instance's names start with "davinci".
    public func storeNames(forInstance instance: String, kind: OrchestrationKind = .journey) -> (session: String, tokens: String) {
        switch (self, kind) {
        case (.shared, .journey): (InstanceStores.sharedSession, InstanceStores.sharedTokens)
        case (.stepUp, .journey): (InstanceStores.sharedSession, "tokens-\(instance)")
        case (.multiUser, .journey): ("user_\(instance)_session", "user_\(instance)_tokens")
        case (.shared, .davinci): ("davinci-session", "davinci-tokens")
        case (.stepUp, .davinci): ("davinci-session", "davinci-tokens-\(instance)")
        case (.multiUser, .davinci): ("davinci_user_\(instance)_session", "davinci_user_\(instance)_tokens")
        }
    }

    /// The instances the preset opens side by side when none are named.
    public var defaultInstances: [String] {
        switch self {
        case .shared: ["default"]
        case .stepUp: [Self.standardInstance, Self.transactionsInstance]
        case .multiUser: ["a", "b"]
        }
    }

    /// The step-up preset's everyday instance.
    public static let standardInstance = "standard"
    /// The step-up preset's high-security instance: step-up journeys and transactions run here.
    public static let transactionsInstance = "transactions"

    /// One line for help texts.
    public var summary: String {
        switch self {
        case .shared: "all instances share one session and one token store"
        case .stepUp: "one shared session, tokens per instance (standard + transactions)"
        case .multiUser: "session and tokens per instance, one user in each (user_<instance>_session, user_<instance>_tokens)"
        }
    }
}
