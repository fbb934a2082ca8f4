import JourneyEngine
import JourneyProfiles
import Orchestrate
import TerminalKit

/// The `o` dialog: the tab's options as a form, every value checked as it is typed, with a
/// summary of what applying would change and whether it signs the tab out. The first row
/// switches the tab to another profile (its options fill the form).
public struct ConfigurationDialog: Sendable {
    /// The options the tab runs with now, and the profile they follow.
    public let current: ClientOptions
    public let currentProfileName: String?
    /// The profiles the first row cycles through (nil: the tab's own options, no profile).
    public let choices: [Choice]
    public private(set) var choiceIndex: Int
    /// One field per option, in catalog order.
    public private(set) var fields: [OptionKey: TextField]
    /// The options of the tab's kind, in catalog order.
    public let keys: [OptionKey]
    /// 0: the profile row; 1…: the options in `keys` order.
    public private(set) var focus = 0
    /// The form's options, or what is wrong with them; updated on every key.
    public private(set) var checked: Result<ClientOptions, OptionProblems>
    /// A field was edited after the profile was chosen: the tab no longer follows the profile.
    public private(set) var edited = false

    /// A profile the tab can switch to.
    public struct Choice: Sendable {
        public let profileName: String?
        public let options: ClientOptions
    }

    /// Items of a list option are written on one line, separated by this.
    static let listSeparator: Character = ";"

    init(tab: ClientTab, profiles: [ClientProfile]) {
        current = tab.profile.options
        keys = OptionKey.options(for: tab.profile.options.kind)
        currentProfileName = tab.profile.profileName
        var choices = [Choice(profileName: tab.profile.profileName, options: tab.profile.options)]
        for profile in profiles {
            guard let name = profile.profileName, !choices.contains(where: { $0.profileName == name }) else { continue }
            choices.append(Choice(profileName: name, options: profile.options))
        }
        if tab.profile.profileName != nil { choices.append(Choice(profileName: nil, options: tab.profile.options)) }
        self.choices = choices
        choiceIndex = 0
        fields = Self.fields(for: tab.profile.options)
        checked = .success(tab.profile.options)
    }

    /// The profile the applied options follow: the chosen one, unless a field was edited.
    public var profileName: String? { edited ? nil : choices[choiceIndex].profileName }

    public var focusedKey: OptionKey? { focus == 0 ? nil : keys[focus - 1] }

    /// The problem of one option's value, if it has one.
    public func problem(for key: OptionKey) -> OptionProblem? {
        guard case .failure(let problems) = checked else { return nil }
        return problems.problems.first { $0.key == key }
    }

    /// What applying would do, for the summary under the form.
    public var outcome: Outcome {
        switch checked {
        case .failure(let problems):
            return .invalid(problems.problems.count)
        case .success(let options):
            let changed = options.changes(from: current)
            if changed.isEmpty, profileName == currentProfileName { return .unchanged }
            return .changes(changed, signsOut: options.identityChanges(from: current))
        }
    }

    public enum Outcome: Sendable, Equatable {
        case unchanged
        case invalid(Int)
        /// The options that change, and those among them that make a new identity.
        case changes([OptionKey], signsOut: [OptionKey])
    }

    /// Moves, switches the profile or edits a field for a key; `.activated(0)` when Enter asks
    /// to apply.
    mutating func edit(_ key: KeyEvent) -> WidgetEvent {
        switch key {
        case .tab, .down:
            focus = (focus + 1) % (keys.count + 1)
        case .backTab, .up:
            focus = (focus + keys.count) % (keys.count + 1)
        case .enter:
            return .activated(0)
        case .left where focus == 0, .right where focus == 0:
            choiceIndex = (choiceIndex + (key == .left ? choices.count - 1 : 1)) % choices.count
            fields = Self.fields(for: choices[choiceIndex].options)
            edited = false
            recheck()
        default:
            guard let option = focusedKey, var field = fields[option] else { return .ignored }
            let event = field.update(key)
            guard event == .handled else { return event }
            if field.text != fields[option]?.text { edited = true }
            fields[option] = field
            recheck()
        }
        return .handled
    }

    private mutating func recheck() {
        var values: [OptionKey: OptionValue] = [:]
        for (key, field) in fields {
            let text = field.text.trimmingSpaces()
            guard !text.isEmpty else { continue }
            values[key] = key.kind == .list
                ? .list(text.split(separator: Self.listSeparator).map { $0.trimmingSpaces() }.filter { !$0.isEmpty })
                : .text(text)
        }
        do throws(OptionProblems) {
            checked = .success(try ClientOptions(values: values))
        } catch {
            checked = .failure(error)
        }
    }

    private static func fields(for options: ClientOptions) -> [OptionKey: TextField] {
        let values = options.values
        var fields: [OptionKey: TextField] = [:]
        for key in OptionKey.allCases {
            let text = values[key].map { $0.items.joined(separator: "\(listSeparator) ") } ?? ""
            fields[key] = TextField(text: text, placeholder: key.defaultText ?? "")
        }
        return fields
    }
}
