import Orchestrate
/// `SelectIdPCallback`: choose a social identity provider, or `localAuthentication`.
public struct SelectIdPCallback: Sendable, Hashable {
    public struct Provider: Sendable, Hashable {
        public let name: String
        /// `uiConfig.buttonDisplayName`, when given.
        public let displayName: String
    }

    public static let localAuthentication = "localAuthentication"
    public let providers: [Provider]

    init(_ outputs: CallbackOutputs) {
        providers = (outputs["providers"]?.arrayValue ?? []).compactMap { item in
            guard let name = item["provider"]?.stringValue else { return nil }
            let display = item["uiConfig"]?["buttonDisplayName"]?.stringValue
            return Provider(name: name, displayName: display ?? name)
        }
    }
}
