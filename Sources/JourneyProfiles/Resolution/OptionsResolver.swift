import Configuration
import Foundation
import JourneyEngine
import Orchestrate
import Synchronization
import SystemPackage

/// Resolves options from their layers with swift-configuration: one provider per layer, in
/// precedence order (flags, environment, profile, defaults), so the first that has a value wins;
/// an access reporter records which provider answered, which becomes each value's source.
public enum OptionsResolver {
    /// Reads, merges and checks the options. Every problem is reported at once, each naming the
    /// option and where its value came from.
    public static func resolve(_ layers: OptionLayers) async throws(OptionErrors) -> ResolvedOptions {
        let document: ProfilesDocument
        do {
            document = try layers.profilesFile.read()
        } catch {
            throw OptionErrors([SourcedProblem(message: error.description)])
        }
        var problems = EnvironmentOptions.unknownVariables(in: layers.environment).map { unknown in
            SourcedProblem(message: "The environment variable \(unknown.variable) sets no option."
                + (unknown.suggestion.map { " Did you mean \($0)?" } ?? ""))
        }
        let profileName = layers.effectiveProfileName
        var profile: ProfilesDocument.Profile?
        if let profileName {
            profile = document.profile(named: profileName)
            if profile == nil {
                let known = document.names.isEmpty ? "it has no profiles" : "its profiles are \(document.names.joined(separator: ", "))"
                problems.append(SourcedProblem(message: "There is no profile \"\(TerminalText.line(profileName))\" in \(document.path) (\(known))."))
            }
        }
        guard problems.isEmpty else { throw OptionErrors(problems) }
        guard let profileName, let profile else {
            return try resolve(layers, profile: nil, profileProvider: nil)
        }
        let provider: any ConfigProvider
        do {
            provider = try await FileProvider<YAMLSnapshot>(filePath: FilePath(document.path)).prefixKeys(with: ConfigKey([profileName]))
        } catch {
            throw OptionErrors([SourcedProblem(message: "\(document.path): \(error)")])
        }
        return try resolve(layers, profile: (profileName, profile, document.path), profileProvider: provider)
    }

    /// Resolution with the profile's provider given (the app passes a reloading one).
    public static func resolve(_ layers: OptionLayers, profile: (name: String, entry: ProfilesDocument.Profile, path: String)?,
                               profileProvider: (any ConfigProvider)?) throws(OptionErrors) -> ResolvedOptions {
        var providers: [any ConfigProvider] = [flagProvider(layers.flags), EnvironmentOptions.provider(layers.environment)]
        let profileIndex = profileProvider.map { _ in providers.count }
        if let profileProvider { providers.append(profileProvider) }
        if let base = layers.base { providers.append(valueProvider("base", base.values, secret: false)) }
        let recorder = WinningProvider()
        let reader = ConfigReader(providers: providers, accessReporter: recorder)
        var values: [OptionKey: OptionValue] = [:]
        var sources: [OptionKey: OptionSource] = [:]
        var problems: [SourcedProblem] = []
        for key in OptionKey.allCases {
            let configKey = ConfigKey([key.rawValue])
            let value: OptionValue?
            if key.kind == .list {
                value = reader.stringArray(forKey: configKey).map(OptionValue.list)
                    ?? reader.string(forKey: configKey).map { .list([$0]) }
            } else {
                value = reader.string(forKey: configKey).map(OptionValue.text)
            }
            guard let value else {
                if let conversion = recorder.conversionProblem(for: key.rawValue) {
                    problems.append(SourcedProblem(message: "\(key.rawValue): \(conversion)"))
                }
                sources[key] = .defaultValue
                continue
            }
            values[key] = value
            switch recorder.winner(for: key.rawValue) {
            case 0?: sources[key] = layers.flags[key]?.source ?? .flag("--" + key.rawValue)
            case 1?: sources[key] = .environment(variable: EnvironmentOptions.variable(for: key))
            case let index? where index == profileIndex:
                if let profile {
                    sources[key] = .profile(name: profile.name, file: profile.path, line: profile.entry.optionLines[key])
                }
            default:
                sources[key] = layers.base?.source ?? .defaultValue
            }
        }
        let options: ClientOptions
        do throws(OptionProblems) {
            options = try ClientOptions(values: values)
        } catch {
            problems += error.problems.map { SourcedProblem(problem: $0, source: sources[$0.key] ?? .defaultValue) }
            throw OptionErrors(problems)
        }
        guard problems.isEmpty else { throw OptionErrors(problems) }
        return ResolvedOptions(options: options, sources: sources, profileName: profile?.name)
    }

    private static func flagProvider(_ flags: [OptionKey: OptionLayers.FlagValue]) -> InMemoryProvider {
        valueProvider("flags", flags.mapValues(\.value), secret: true)
    }

    private static func valueProvider(_ name: String, _ options: [OptionKey: OptionValue], secret: Bool) -> InMemoryProvider {
        var values: [AbsoluteConfigKey: ConfigValue] = [:]
        for (key, value) in options {
            let content: ConfigContent = switch value {
            case .text(let text): .string(text)
            case .list(let items): .stringArray(items)
            }
            values[AbsoluteConfigKey([key.rawValue])] = ConfigValue(content, isSecret: secret && key.mayHoldSecret)
        }
        return InMemoryProvider(name: name, values: values)
    }
}

/// Records, for each key read, which provider (by position) supplied the value, and any value
/// that was there but could not be converted.
final class WinningProvider: AccessReporter {
    private let winners = Mutex<[String: Int]>([:])
    private let conversions = Mutex<[String: String]>([:])

    func report(_ event: AccessEvent) {
        let key = event.metadata.key.components.last ?? ""
        if let index = event.providerResults.firstIndex(where: { result in
            if case .success(let lookup) = result.result { return lookup.value != nil }
            return false
        }) {
            winners.withLock { $0[key] = index }
        }
        if let error = event.conversionError {
            conversions.withLock { $0[key] = "\(error)" }
        }
    }

    func winner(for key: String) -> Int? { winners.withLock { $0[key] } }

    func conversionProblem(for key: String) -> String? { conversions.withLock { $0[key] } }
}
