import JourneyEngine

/// Every profile of the profiles file, resolved: what the UI's new-tab dialog offers, and what
/// it applies again when the file is saved.
///
/// Each profile gets the layers' environment; only `flaggedProfile` (the one the command line
/// opened) also gets the layers' flags, which were given for it.
public enum ProfileCatalog {
    /// The profiles of the file resolved one by one: those that can be used, and the problems
    /// of those that cannot, so that one broken profile blocks only itself.
    public struct Resolved: Sendable {
        /// The profiles that can be used, by name.
        public var profiles: [String: ClientOptions] = [:]
        /// The problems of each profile that cannot be used, each naming the option and the
        /// file and line (or the variable) it comes from.
        public var problems: [String: OptionErrors] = [:]

        public init(profiles: [String: ClientOptions] = [:], problems: [String: OptionErrors] = [:]) {
            self.profiles = profiles
            self.problems = problems
        }
    }

    /// The profiles in the file, by name; a missing file has none. Each profile is resolved on
    /// its own: one with a bad value is reported with all its problems, and the others load.
    ///
    /// `document` is the file as already read (the watcher's snapshot of a save); without one,
    /// the file is read once for all profiles.
    ///
    /// - Throws: only when the file itself cannot be read (YAML, its size).
    public static func resolveAll(
        _ layers: OptionLayers, flaggedProfile: String?, document: ProfilesDocument? = nil
    ) throws(OptionErrors) -> Resolved {
        let read: ProfilesDocument
        if let document {
            read = document
        } else {
            do {
                read = try layers.profilesFile.read()
            } catch {
                throw OptionErrors([SourcedProblem(message: error.description)])
            }
        }
        var resolved = Resolved()
        for profile in read.profiles {
            var profileLayers = layers
            profileLayers.profileName = profile.name
            profileLayers.base = nil
            if profile.name != flaggedProfile { profileLayers.flags = [:] }
            do throws(OptionErrors) {
                resolved.profiles[profile.name] = try OptionsResolver.resolve(profileLayers, profile: profile, path: read.path).options
            } catch {
                resolved.problems[profile.name] = error
            }
        }
        return resolved
    }
}
