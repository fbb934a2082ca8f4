import JourneyEngine
import Renderer
import TerminalKit

/// The overlays: help, quit confirmation, new tab, rename, another journey, the stores panel
/// (the options dialog is in `AppState+Configuration`).
extension AppState {
    /// The `?` overlay, on the keys of what is in front.
    mutating func openHelp() -> [AppEffect] {
        overlay = .help(scroll: 0)
        return []
    }

    /// A key for the overlay in front, looked up in its key map; keys the map does not list go
    /// to the dialog's focused field or list.
    mutating func handleOverlay(_ key: KeyEvent) -> [AppEffect] {
        switch overlay {
        case .help(let scroll):
            switch AppKeyMap.helpOverlay.action(for: key) {
            case .close?: overlay = nil
            case let action?: overlay = .help(scroll: Self.scrolled(scroll, action, limit: helpScrollLimit))
            case nil: break
            }
            return []
        case .confirmQuit:
            switch AppKeyMap.confirmQuit.action(for: key) {
            case .confirm?: quit()
            case .close?: overlay = nil
            default: break
            }
            return []
        case .rename(var field):
            switch AppKeyMap.rename.action(for: key) {
            case .close?: overlay = nil
            case .confirm?:
                let name = field.text.trimmingCharacters(in: .whitespaces)
                if !name.isEmpty, tabs.indices.contains(activeIndex) { tabs[activeIndex].name = name }
                overlay = nil
            default:
                _ = field.update(key)
                overlay = .rename(field)
            }
            return []
        case .stores(let scroll):
            switch AppKeyMap.stores.action(for: key) {
            case .close?: overlay = nil
            case let action?: overlay = .stores(scroll: Self.scrolled(scroll, action, limit: storesScrollLimit))
            case nil: break
            }
            return []
        case .newTab(let dialog):
            return handleNewTab(key, dialog)
        case .configure(let dialog):
            // The dialog's own update moves, edits, switches the profile and asks to apply.
            let keys = dialog.focusedKey == nil ? AppKeyMap.optionsOnProfile : AppKeyMap.options
            guard keys.action(for: key) != .close else {
                overlay = nil
                return []
            }
            return handleConfiguration(key, dialog)
        case .switchJourney(var dialog):
            switch AppKeyMap.switchJourney.action(for: key) {
            case .close?:
                overlay = nil
                return []
            case .confirm?:
                guard let name = dialog.chosenJourney, tabs.indices.contains(activeIndex) else { return [] }
                overlay = nil
                let effects = cancelJourneyRequest(tab: activeIndex)
                tabs[activeIndex].profile.request = JourneyRequest(.journey(name), forceAuth: true)
                tabs[activeIndex].journey?.form = nil
                return effects + startJourney(tab: activeIndex)
            case .nextField?, .previousField?:
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

    /// A scroll position moved by a scrolling action, kept in `0...limit`.
    private static func scrolled(_ scroll: Int, _ action: DialogAction, limit: Int) -> Int {
        let moved = switch action {
        case .scrollUp: scroll - 1
        case .scrollDown: scroll + 1
        case .pageUp: scroll - 10
        case .pageDown: scroll + 10
        case .top: 0
        case .bottom: limit
        default: scroll
        }
        return max(0, min(limit, moved))
    }

    mutating func handleNewTab(_ key: KeyEvent, _ original: NewTabDialog) -> [AppEffect] {
        var dialog = original
        let keys = dialog.focus == 0 ? AppKeyMap.newTabOnList : AppKeyMap.newTabOnField
        switch keys.action(for: key) {
        case .close?:
            overlay = nil
            return []
        case .confirm?:
            return openTab(from: dialog)
        case let action? where action == .nextField || action == .previousField:
            let count = dialog.wantsOtherServer ? 4 : 1
            dialog.focus = (dialog.focus + (action == .nextField ? 1 : -1) + count) % count
        case let action? where action == .previousChoice || action == .nextChoice:
            dialog.stepPreset(forward: action == .nextChoice)
        default:
            switch dialog.focus {
            case 0:
                _ = dialog.profiles.update(key)
                dialog.profiles.selected = dialog.profiles.highlighted
            case 1: _ = dialog.url.update(key)
            case 2: _ = dialog.realm.update(key)
            default: _ = dialog.journey.update(key)
            }
        }
        overlay = .newTab(dialog)
        return []
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
