/// What a store holds for an instance. A record keeps the role it was written in, so one store
/// never serves two roles: tokens written over an SSO session, or a session over an instance's
/// profile, are refused before anything is written (`StoreError.otherRole`).
public enum StoreRole: String, Codable, Sendable, CaseIterable {
    case profile, session, tokens, cookies, browserStep, workspace

    /// The role in words, for messages: "an SSO session".
    public var spoken: String {
        switch self {
        case .profile: "an instance's profile"
        case .session: "a session"
        case .tokens: "OAuth tokens"
        case .cookies: "cookies"
        case .browserStep: "a journey step kept for a browser"
        case .workspace: "a saved workspace"
        }
    }

    /// The prefixes of the records JourneyTerm names itself, one per instance or workspace
    /// (`profile-<instance>`, `davinci-profile-<instance>`, `browser-<instance>`,
    /// `workspace-<name>`): no store option may name a store that starts with one.
    public static let reservedPrefixes = ["profile-", "davinci-profile-", "browser-", "workspace-"]

    /// The reserved prefix `name` starts with, if any.
    public static func reservedPrefix(of name: String) -> String? {
        reservedPrefixes.first { name.hasPrefix($0) }
    }
}
