import JourneyEngine

/// Every profile of the profiles file, resolved: what the UI's new-tab dialog offers, and what
/// it applies again when the file is saved.
///
/// Each profile gets the layers' environment; only `flaggedProfile` (the one the command line
/// opened) also gets the layers' flags, which were given for it.
public enum ProfileCatalog {
    /// The profiles in the file, by name; a missing file has none. Every problem of every
    /// profile is reported at once, each with the file and line it comes from.
    ///
    /// `document` is the file as already read (the watcher's snapshot of a save); without one,
    /// the file is read once for all profiles.
    public static func resolveAll(
        _ layers: OptionLayers, flaggedProfile: String?, document: ProfilesDocument? = nil
    ) throws(OptionErrors) -> [String: ClientOptions] {
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
        var resolved: [String: ClientOptions] = [:]
        var problems: [SourcedProblem] = []
        for profile in read.profiles {
            var profileLayers = layers
            profileLayers.profileName = profile.name
            profileLayers.base = nil
            if profile.name != flaggedProfile { profileLayers.flags = [:] }
            do throws(OptionErrors) {
                resolved[profile.name] = try OptionsResolver.resolve(profileLayers, profile: profile, path: read.path).options
            } catch {
                problems += error.problems
            }
        }
        guard problems.isEmpty else { throw OptionErrors(problems) }
        return resolved
    }
}
