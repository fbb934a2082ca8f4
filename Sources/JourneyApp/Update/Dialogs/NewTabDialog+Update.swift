import JourneyEngine
import Orchestrate
import TerminalKit

extension NewTabDialog {
    /// A key: Enter confirms the profile the new tab opens with (another server's is checked
    /// first: what is wrong stays on screen), Tab moves, ←/→ on the list pick the storage
    /// preset, Esc closes, other keys go to the list or field in focus.
    mutating func update(_ key: KeyEvent) -> DialogOutput<ClientProfile> {
        let keys = focus == 0 ? AppKeyMap.newTabOnList : AppKeyMap.newTabOnField
        switch keys.action(for: key) {
        case .close?:
            return .closes
        case .confirm?:
            return chosenProfile().map { .confirms($0) } ?? .stays
        case let action? where action == .nextField || action == .previousField:
            let count = wantsOtherServer ? 4 : 1
            focus = (focus + (action == .nextField ? 1 : -1) + count) % count
        case let action? where action == .previousChoice || action == .nextChoice:
            stepPreset(forward: action == .nextChoice)
        default:
            switch focus {
            case 0:
                _ = profiles.update(key)
                profiles.selected = profiles.highlighted
            case 1: _ = url.update(key)
            case 2: _ = realm.update(key)
            default: _ = journey.update(key)
            }
        }
        return .stays
    }

    /// The profile chosen, or typed for another server, with the preset chosen; nil (and the
    /// problem said) when what was typed cannot be used.
    private mutating func chosenProfile() -> ClientProfile? {
        var profile: ClientProfile
        if wantsOtherServer {
            do throws(OptionChoiceError) {
                let journey = journey.text.trimmingSpaces()
                profile = try ClientProfile(name: "", url: url.text, realm: realm.text,
                                            request: journey.isEmpty ? nil : JourneyRequest(.journey(journey)))
                profile.name = profile.hostDescription
            } catch {
                problem = error.description
                if focus == 0 { focus = 1 }
                return nil
            }
        } else {
            profile = offered[profiles.selected]
        }
        if let preset, preset != profile.options.preset {
            var options = profile.options
            options.preset = preset
            // Its stores differ from the profile's now: the tab follows the profile no more.
            if let chosen = try? profile.applying(options, profileName: nil) { profile = chosen }
        }
        return profile
    }
}
