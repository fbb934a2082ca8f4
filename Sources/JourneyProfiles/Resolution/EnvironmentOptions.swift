import Configuration
import JourneyEngine
import Orchestrate

/// The environment variables `journey` reads: `JOURNEY_` and the option's name in capitals with
/// underscores between its words (`cookieName` → `JOURNEY_COOKIE_NAME`), as swift-configuration's
/// environment provider looks them up; list options take comma-separated values.
public enum EnvironmentOptions {
    public static let prefix = "JOURNEY_"
    /// Names a profile, as `--profile` does.
    public static let profileVariable = "JOURNEY_PROFILE"
    /// Names another profiles file.
    public static let profilesFileVariable = "JOURNEY_PROFILES"
    /// A confidential client's secret for `journey introspect`, kept out of the process list
    /// and the shell history; not an option (never stored with an instance).
    public static let clientSecretVariable = "JOURNEY_CLIENT_SECRET"
    /// The variables `journey` reads that set no option.
    static let commandVariables: Set<String> = [profileVariable, profilesFileVariable, clientSecretVariable]

    /// The provider that reads options from the environment: option `cookieName` is the key
    /// `journey.cookieName`, which the provider looks up as `JOURNEY_COOKIE_NAME`.
    static func provider(_ environment: [String: String]) -> some ConfigProvider {
        EnvironmentVariablesProvider(environmentVariables: environment).prefixKeys(with: ConfigKey(["journey"]))
    }

    /// The variable that sets an option, as the provider names it.
    public static func variable(for key: OptionKey) -> String {
        variables[key] ?? prefix + key.rawValue.uppercased()
    }

    /// Every option's variable, asked of one provider once.
    private static let variables: [OptionKey: String] = {
        let names = provider([:])
        return Dictionary(uniqueKeysWithValues: OptionKey.allCases.map { key in
            (key, (try? names.value(forKey: AbsoluteConfigKey([key.rawValue]), type: .string).encodedKey) ?? prefix + key.rawValue.uppercased())
        })
    }()

    private static let optionVariables = Set(variables.values)
    private static let knownVariables = optionVariables.union(commandVariables)

    /// Whether the environment has the variable that sets `key`.
    public static func sets(_ key: OptionKey, in environment: [String: String]) -> Bool {
        environment.keys.contains { $0.hasPrefix(prefix) } && environment[variable(for: key)] != nil
    }

    /// Whether the environment has a variable that sets an option. Without any `JOURNEY_…`
    /// variable the answer is known before the provider is asked for every option's name, which
    /// is most of a start's time spent in this type.
    public static func setsOptions(_ environment: [String: String]) -> Bool {
        let candidates = environment.keys.filter { $0.hasPrefix(prefix) }
        return !candidates.isEmpty && candidates.contains(where: optionVariables.contains)
    }

    /// `JOURNEY_…` variables that set no option, each with the closest option's variable when
    /// one is near.
    public static func unknownVariables(in environment: [String: String]) -> [(variable: String, suggestion: String?)] {
        let candidates = environment.keys.filter { $0.hasPrefix(prefix) }
        guard !candidates.isEmpty else { return [] }
        return candidates.filter { !knownVariables.contains($0) }.sorted().map { name in
            let guess = String(name.dropFirst(prefix.count)).replacingOccurrences(of: "_", with: "")
            return (name, OptionKey.closest(to: guess).map(variable(for:)))
        }
    }
}
