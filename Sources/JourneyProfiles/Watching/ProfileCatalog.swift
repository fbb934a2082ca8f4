import Configuration
import JourneyEngine
import SystemPackage

/// Every profile of the profiles file, resolved: what the UI's new-tab dialog offers, and what
/// it applies again when the file is saved.
///
/// Each profile gets the layers' environment; only `flaggedProfile` (the one the command line
/// opened) also gets the layers' flags, which were given for it.
public enum ProfileCatalog {
    /// The profiles in the file, by name; a missing file has none. Every problem of every
    /// profile is reported at once, each with the file and line it comes from.
    ///
    /// `file` is the provider that reads the whole file (a watching one while the UI runs);
    /// without one, the file is read once for all profiles.
    public static func resolveAll(
        _ layers: OptionLayers, flaggedProfile: String?, file: (any ConfigProvider)? = nil
    ) async throws(OptionErrors) -> [String: ClientOptions] {
        guard layers.profilesFile.exists else { return [:] }
        let document: ProfilesDocument
        do {
            document = try layers.profilesFile.read()
        } catch {
            throw OptionErrors([SourcedProblem(message: error.description)])
        }
        let provider: any ConfigProvider
        do {
            if let file {
                provider = file
            } else {
                provider = try await FileProvider<YAMLSnapshot>(filePath: FilePath(document.path))
            }
        } catch {
            throw OptionErrors([SourcedProblem(message: "\(document.path): \(error)")])
        }
        var resolved: [String: ClientOptions] = [:]
        var problems: [SourcedProblem] = []
        for profile in document.profiles {
            var profileLayers = layers
            profileLayers.profileName = profile.name
            profileLayers.base = nil
            if profile.name != flaggedProfile { profileLayers.flags = [:] }
            do throws(OptionErrors) {
                resolved[profile.name] = try OptionsResolver.resolve(
                    profileLayers, profile: (profile.name, profile, document.path),
                    profileProvider: profileKeys(of: provider, profile.name)).options
            } catch {
                problems += error.problems
            }
        }
        guard problems.isEmpty else { throw OptionErrors(problems) }
        return resolved
    }

    /// The provider's keys under one profile's name.
    private static func profileKeys(of provider: some ConfigProvider, _ name: String) -> any ConfigProvider {
        provider.prefixKeys(with: ConfigKey([name]))
    }
}
