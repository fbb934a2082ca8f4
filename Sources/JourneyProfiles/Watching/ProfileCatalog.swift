import Configuration
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
    /// `provider(name)` gives the provider that reads one profile (a watching one while the UI
    /// runs); by default the file is read once per profile.
    public static func resolveAll(
        _ layers: OptionLayers, flaggedProfile: String?,
        provider: (@Sendable (String) -> any ConfigProvider)? = nil
    ) async throws(OptionErrors) -> [String: ClientOptions] {
        guard layers.profilesFile.exists else { return [:] }
        let document: ProfilesDocument
        do {
            document = try layers.profilesFile.read()
        } catch {
            throw OptionErrors([SourcedProblem(message: error.description)])
        }
        var resolved: [String: ClientOptions] = [:]
        var problems: [SourcedProblem] = []
        for profile in document.profiles {
            var profileLayers = layers
            profileLayers.profileName = profile.name
            profileLayers.base = nil
            if profile.name != flaggedProfile { profileLayers.flags = [:] }
            do throws(OptionErrors) {
                if let provider {
                    resolved[profile.name] = try OptionsResolver.resolve(
                        profileLayers, profile: (profile.name, profile, document.path), profileProvider: provider(profile.name)).options
                } else {
                    resolved[profile.name] = try await OptionsResolver.resolve(profileLayers).options
                }
            } catch {
                problems += error.problems
            }
        }
        guard problems.isEmpty else { throw OptionErrors(problems) }
        return resolved
    }
}
