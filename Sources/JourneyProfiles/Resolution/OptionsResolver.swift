import Configuration
import Foundation
import JourneyEngine
import Orchestrate
import Synchronization

/// Resolves options from their layers with swift-configuration: one provider per layer, in
/// precedence order (flags, environment, profile, defaults), so the first that has a value wins;
/// an access reporter records which provider answered, which becomes each value's source.
///
/// The profiles file is read only when a profile is named, and then once: the profile's values
/// come from the ``ProfilesDocument`` read (or given), not from reading the file again.
public enum OptionsResolver {
    /// Reads, merges and checks the options. Every problem is reported at once, each naming the
    /// option and where its value came from. Without a profile named, the profiles file is not
    /// read at all: a command that needs none does not depend on the file.
    public static func resolve(_ layers: OptionLayers) throws(OptionErrors) -> ResolvedOptions {
        guard layers.effectiveProfileName != nil else { return try resolve(layers, document: nil) }
        let document: ProfilesDocument
        do {
            document = try layers.profilesFile.read()
        } catch {
            throw OptionErrors([SourcedProblem(message: error.description)])
        }
        return try resolve(layers, document: document)
    }

    /// Resolves the layers' profile (if any) from a profiles file already read, so that a command
    /// resolving many profiles reads and parses the file once.
    public static func resolve(_ layers: OptionLayers, in document: ProfilesDocument) throws(OptionErrors) -> ResolvedOptions {
        try resolve(layers, document: document)
    }

    private static func resolve(_ layers: OptionLayers, document: ProfilesDocument?) throws(OptionErrors) -> ResolvedOptions {
        var problems = EnvironmentOptions.unknownVariables(in: layers.environment).map { unknown in
            SourcedProblem(message: "The environment variable \(unknown.variable) sets no option."
                + (unknown.suggestion.map { " Did you mean \($0)?" } ?? ""))
        }
        var profile: ProfilesDocument.Profile?
        if let profileName = layers.effectiveProfileName, let document {
            profile = document.profile(named: profileName)
            if profile == nil {
                let known = document.names.isEmpty ? "it has no profiles" : "its profiles are \(document.names.joined(separator: ", "))"
                problems.append(SourcedProblem(message: "There is no profile \"\(TerminalText.line(profileName))\" in \(document.path) (\(known))."))
            }
        }
        guard problems.isEmpty else { throw OptionErrors(problems) }
        return try resolve(layers, profile: profile, path: document?.path)
    }

    /// Resolution with the profile given (every profile of a file, `ProfileCatalog`), without the
    /// environment's unknown variables.
    static func resolve(_ layers: OptionLayers, profile: ProfilesDocument.Profile?, path: String?) throws(OptionErrors) -> ResolvedOptions {
        if let profile, !profile.problems.isEmpty {
            throw OptionErrors(profile.problems.map { SourcedProblem(message: $0.description) })
        }
        var problems: [SourcedProblem] = []
        var providers: [any ConfigProvider] = [InMemoryProvider(name: "flags", options: layers.flags.mapValues(\.value), secret: true)]
        // The environment's provider spells every key as its variable at each lookup, which is most
        // of a profile's resolution; without a variable that sets an option it has nothing to find.
        let environmentIndex = EnvironmentOptions.setsOptions(layers.environment) ? providers.count : nil
        if environmentIndex != nil { providers.append(EnvironmentOptions.provider(layers.environment)) }
        let profileIndex = profile.map { _ in providers.count }
        if let profile { providers.append(InMemoryProvider(name: "profile \(profile.name)", options: profile.values, secret: true)) }
        if let base = layers.base { providers.append(InMemoryProvider(name: "base", options: base.values, secret: false)) }
        let recorder = WinningProvider()
        let reader = ConfigReader(providers: providers, accessReporter: recorder)
        var values: [OptionKey: OptionValue] = [:]
        var sources: [OptionKey: OptionSource] = [:]
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
            case let index? where index == environmentIndex: sources[key] = .environment(variable: EnvironmentOptions.variable(for: key))
            case let index? where index == profileIndex:
                if let profile, let path {
                    sources[key] = .profile(name: profile.name, file: path, line: profile.optionLines[key])
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
}

extension InMemoryProvider {
    /// Options as a provider's values, keyed by option name; `secret` marks the values of the
    /// options that may hold secrets (headers, query parameters) as secrets.
    init(name: String, options: [OptionKey: OptionValue], secret: Bool) {
        var values: [AbsoluteConfigKey: ConfigValue] = [:]
        for (key, value) in options {
            let content: ConfigContent = switch value {
            case .text(let text): .string(text)
            case .list(let items): .stringArray(items)
            }
            values[AbsoluteConfigKey([key.rawValue])] = ConfigValue(content, isSecret: secret && key.mayHoldSecret)
        }
        self.init(name: name, values: values)
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
