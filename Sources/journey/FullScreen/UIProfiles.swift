import JourneyApp
import JourneyEngine
import JourneyProfiles

/// The profiles the full-screen UI offers, and the watcher that applies the profiles file again
/// whenever it is saved.
struct UIProfiles {
    var profiles: [ClientProfile]
    var watcher: Watcher?

    /// Every profile of the file (the command line's flags apply to the profile it opened only),
    /// plus the opened tab's own profile when it has none in the file.
    static func load(_ layers: OptionLayers, opened: ClientProfile?) -> UIProfiles {
        let flagged = opened?.profileName
        let baseline: ProfilesWatcher.Outcome
        do throws(OptionErrors) {
            baseline = .success(try ProfileCatalog.resolveAll(layers, flaggedProfile: flagged))
        } catch {
            baseline = .failure(error)
        }
        var profiles: [ClientProfile] = []
        if case .success(let resolved) = baseline {
            for (name, options) in resolved.profiles.sorted(by: { $0.key < $1.key }) {
                if let profile = try? ClientProfile(name: name, options: options, profileName: name) { profiles.append(profile) }
            }
        }
        if let opened, !profiles.contains(where: { $0.profileName != nil && $0.profileName == opened.profileName }) {
            profiles.insert(opened, at: 0)
        }
        return UIProfiles(profiles: profiles, watcher: Watcher(watcher: ProfilesWatcher(layers: layers, flaggedProfile: flagged), baseline: baseline))
    }

    /// Turns each saved version of the profiles file into an app event.
    struct Watcher: Sendable {
        let watcher: ProfilesWatcher
        let baseline: ProfilesWatcher.Outcome

        func run(posting post: @escaping @Sendable (AppEvent) -> Void) async {
            await watcher.run(from: baseline) { outcome in
                switch outcome {
                case .success(let resolved) where resolved.problems.isEmpty: post(.profilesChanged(.loaded(resolved.profiles)))
                // A broken profile blocks only itself; its problems name the option and line.
                case .success(let resolved):
                    post(.profilesChanged(.partlyLoaded(resolved.profiles, broken: resolved.problems.mapValues(\.description))))
                // Each problem names the file and line, or the variable, it comes from.
                case .failure(let error): post(.profilesChanged(.failed(error.description)))
                }
            }
        }
    }
}
