import Foundation
import JourneyEngine
import Orchestrate

/// What options are resolved from, highest precedence first: flags, the environment, one
/// profile of the profiles file, the SDKs' defaults.
public struct OptionLayers: Sendable {
    /// Values given as command-line flags (or typed into a form), with the flag's name.
    public var flags: [OptionKey: FlagValue]
    /// The process environment (only `JOURNEY_…` variables are read).
    public var environment: [String: String]
    /// The profile to use; nil for none. `JOURNEY_PROFILE` names one when this is nil.
    public var profileName: String?
    public var profilesFile: ProfilesFile
    /// Values below the profile: the options an instance last started with, when no profile or
    /// URL is named.
    public var base: (values: [OptionKey: OptionValue], source: OptionSource)?

    /// A flag's value and how it was written, for messages.
    public struct FlagValue: Sendable, Hashable {
        public let value: OptionValue
        public let source: OptionSource

        public init(_ value: OptionValue, source: OptionSource) {
            self.value = value
            self.source = source
        }
    }

    public init(flags: [OptionKey: FlagValue] = [:], environment: [String: String] = ProcessInfo.processInfo.environment,
                profileName: String? = nil, profilesFile: ProfilesFile? = nil) {
        self.flags = flags
        self.environment = environment
        self.profileName = profileName
        self.profilesFile = profilesFile ?? .standard(environment: environment)
    }

    /// Whether the run names where it connects: a profile, or a URL as a flag or in the environment.
    public var namesServer: Bool {
        effectiveProfileName != nil || flags[.url] != nil || EnvironmentOptions.sets(.url, in: environment)
    }

    /// The profile asked for: the explicit name, else `JOURNEY_PROFILE`.
    public var effectiveProfileName: String? {
        profileName ?? environment[EnvironmentOptions.profileVariable].flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// Options resolved from their layers, checked, with where each value came from.
public struct ResolvedOptions: Sendable {
    public let options: ClientOptions
    /// The source of every option (defaults included).
    public let sources: [OptionKey: OptionSource]
    /// The profile used, if any.
    public let profileName: String?

    public init(options: ClientOptions, sources: [OptionKey: OptionSource], profileName: String?) {
        self.options = options
        self.sources = sources
        self.profileName = profileName
    }
}
