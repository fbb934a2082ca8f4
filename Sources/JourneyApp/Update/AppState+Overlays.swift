import JourneyEngine
import Renderer
import TerminalKit

/// The overlays: help, quit confirmation, new tab, rename, another journey, the stores panel
/// (the options dialog is in `AppState+Configuration`).
extension AppState {
    mutating func handleOverlay(_ key: KeyEvent) -> [AppEffect] {
        switch overlay {
        case .help:
            if [.escape, .character("?"), .character("q"), .enter].contains(key) { overlay = nil }
            return []
        case .confirmQuit:
            switch key {
            case .character("y"), .character("Y"), .control("c"): quit()
            case .character("n"), .character("N"), .escape: overlay = nil
            default: break
            }
            return []
        case .rename(var field):
            switch key {
            case .escape: overlay = nil
            case .enter:
                let name = field.text.trimmingCharacters(in: .whitespaces)
                if !name.isEmpty, tabs.indices.contains(activeIndex) { tabs[activeIndex].name = name }
                overlay = nil
            default:
                _ = field.update(key)
                overlay = .rename(field)
            }
            return []
        case .stores(let scroll):
            switch key {
            case .escape, .character("p"), .character("q"): overlay = nil
            case .up, .character("k"): overlay = .stores(scroll: max(0, scroll - 1))
            case .down, .character("j"): overlay = .stores(scroll: min(storesScrollLimit, scroll + 1))
            case .pageUp: overlay = .stores(scroll: max(0, scroll - 10))
            case .pageDown: overlay = .stores(scroll: min(storesScrollLimit, scroll + 10))
            default: break
            }
            return []
        case .newTab(let dialog):
            return handleNewTab(key, dialog)
        case .configure(let dialog):
            return handleConfiguration(key, dialog)
        case .switchJourney(var dialog):
            switch key {
            case .escape:
                overlay = nil
                return []
            case .enter:
                guard let name = dialog.chosenJourney, tabs.indices.contains(activeIndex) else { return [] }
                overlay = nil
                let effects = cancelJourneyRequest(tab: activeIndex)
                tabs[activeIndex].profile.request = JourneyRequest(.journey(name), forceAuth: true)
                tabs[activeIndex].journey?.form = nil
                return effects + startJourney(tab: activeIndex)
            case .tab, .backTab:
                dialog.focusOnName.toggle()
            default:
                if dialog.focusOnName { _ = dialog.name.update(key) } else {
                    _ = dialog.journeys.update(key)
                    dialog.journeys.selected = dialog.journeys.highlighted
                }
            }
            overlay = .switchJourney(dialog)
            return []
        case nil:
            return []
        }
    }

    mutating func handleNewTab(_ key: KeyEvent, _ original: NewTabDialog) -> [AppEffect] {
        var dialog = original
        switch key {
        case .escape:
            overlay = nil
            return []
        case .tab, .backTab:
            let count = dialog.wantsOtherServer ? 4 : 1
            dialog.focus = (dialog.focus + (key == .tab ? 1 : -1) + count) % count
            overlay = .newTab(dialog)
            return []
        case .enter:
            return openTab(from: dialog)
        case .left, .right:
            guard dialog.focus == 0 else { fallthrough }
            dialog.stepPreset(forward: key == .right)
            overlay = .newTab(dialog)
            return []
        default:
            switch dialog.focus {
            case 0:
                _ = dialog.profiles.update(key)
                dialog.profiles.selected = dialog.profiles.highlighted
            case 1: _ = dialog.url.update(key)
            case 2: _ = dialog.realm.update(key)
            default: _ = dialog.journey.update(key)
            }
            overlay = .newTab(dialog)
            return []
        }
    }

    mutating func openTab(from original: NewTabDialog) -> [AppEffect] {
        var dialog = original
        var profile: ClientProfile
        if dialog.wantsOtherServer {
            do throws(OptionChoiceError) {
                let journey = dialog.journey.text.trimmingCharacters(in: .whitespaces)
                profile = try ClientProfile(name: "", url: dialog.url.text, realm: dialog.realm.text,
                                            request: journey.isEmpty ? nil : JourneyRequest(.journey(journey)))
                profile.name = profile.hostDescription
            } catch {
                dialog.problem = error.description
                if dialog.focus == 0 { dialog.focus = 1 }
                overlay = .newTab(dialog)
                return []
            }
        } else {
            profile = profiles[dialog.profiles.selected]
        }
        if let preset = dialog.preset, preset != profile.options.preset {
            var options = profile.options
            options.preset = preset
            // Its stores differ from the profile's now: the tab follows the profile no more.
            if let chosen = try? profile.applying(options, profileName: nil) { profile = chosen }
        }
        overlay = nil
        activeIndex = addTab(profile)
        return open(tab: activeIndex)
    }
}
