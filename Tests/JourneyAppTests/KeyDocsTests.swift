import Foundation
import JourneyProfiles
@testable import JourneyApp
import TerminalKit
import Testing

/// The docs list the keys the maps bind: `docs/keys.md` is made from the maps (re-written with
/// `RECORD_SNAPSHOTS=1`), and the README's key table names every command key.
struct KeyDocsTests {
    static let root: URL = {
        var folder = URL(filePath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appending(path: "Package.swift").path) { folder.deleteLastPathComponent() }
        return folder
    }()

    static var markdown: String {
        var text = """
            # Keys

            Every key of the full-screen UI, mode by mode. This page is made from the key maps the app
            runs on (`Sources/JourneyApp/Update/*KeyMap*.swift`, `AppAction.swift`) and the form's and
            widgets' own (`FormLayout.keys` in Renderer, `TextField.keys`, `RadioList.keys`, … in
            TerminalKit), which also make the help bar and the `?` overlay; `KeyDocsTests` fails when it differs from them
            (`RECORD_SNAPSHOTS=1 swift test --filter KeyDocsTests` writes it again). In a form, keys the
            form map does not list are typed into the focused field, and never run a command (so a
            form's help bar reads `Esc then ? help · q quit`); keys
            typed while a page loads go into the page that arrives (Enter typed ahead is dropped). The help
            bar shows the entries marked *bar* while there is room, dropping the last first; those marked
            *kept* go last.

            """
        for section in AppState.helpSections(offers: { _ in true }) {
            text += "\n## \(section.title)\n\n| keys | what they do | help bar |\n| --- | --- | --- |\n"
            for item in section.items {
                let bar = switch item.bar {
                case .hidden: ""
                case .shown: "bar"
                case .kept: "kept"
                }
                text += "| `\(item.keys)` | \(item.overlayText) | \(bar) |\n"
            }
        }
        return text
    }

    /// The `?` overlay lists every pane's and dialog's keys, as the page does.
    @Test func theOverlayCoversEveryPaneAndDialog() throws {
        let profile = try ClientProfile(name: "lab", options: try ClientOptions(values: [.url: .text("http://127.0.0.1:9/am")]))
        let state = AppState(profiles: [profile], openTabsFor: [profile])
        let titles = state.helpSections.map(\.title)
        for title in ["Stores panel (p)", "New tab, on the list of profiles", "Options, in a field", "Rename tab",
                      "Copied text (OSC 52 unconfirmed: tmux, screen)", "Trace pane (e)", "Log pane (m)", "Request pane (a)"] {
            #expect(titles.contains(title), "the ? overlay lacks \(title)")
        }
    }

    @Test func theKeysPageIsMadeFromTheMaps() throws {
        let file = Self.root.appending(path: "docs/keys.md")
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try Self.markdown.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("Wrote docs/keys.md (RECORD_SNAPSHOTS=1); check it, then run again without recording.")
            return
        }
        let page = try String(contentsOf: file, encoding: .utf8)
        #expect(page == Self.markdown, "docs/keys.md differs from the key maps: RECORD_SNAPSHOTS=1 writes it again")
    }

    @Test func theReadmesKeyTableNamesEveryCommandKey() throws {
        let readme = try String(contentsOf: Self.root.appending(path: "README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "| keys | what they do |"))
        let parts = String(readme[start.lowerBound...]).components(separatedBy: "\n\n")
        let table = parts[0]
        #expect(parts.count > 1 && parts[1].contains("docs/keys.md"), "the table is followed by a pointer to the page with every key")
        for binding in (AppKeyMap.global + AppKeyMap.commands + AppKeyMap.busy).bindings {
            for key in binding.keys {
                let name = key.description
                let named = name.count == 1 ? table.contains("`\(name)`") : table.contains(name) || table.contains(binding.keyLabel)
                #expect(named, "README's key table does not name \(name) (\(binding.help))")
            }
        }
    }
}
