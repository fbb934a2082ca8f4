import Foundation
import JourneyEngine
import JourneyProfiles
import Orchestrate

/// Resolved options as text or JSON: each value with where it came from, grouped as the SDKs
/// group them; header and query-parameter values are redacted.
enum OptionsTable {
    static func text(_ resolved: ResolvedOptions) -> String {
        let values = resolved.options.values
        var lines: [String] = []
        if let profile = resolved.profileName { lines.append("Profile \(profile)") }
        if resolved.options.insecure {
            lines.append("⚠ insecure: TLS verification is OFF for this server")
        }
        // The options of the profile's kind: a DaVinci profile has no AM server, a journey no PingOne application.
        let keys = OptionKey.options(for: resolved.options.kind)
        for group in OptionKey.groups where keys.contains(where: { $0.group == group }) {
            lines.append(group.rawValue)
            for key in keys where key.group == group {
                let shown = values[key].map { display($0, for: key) } ?? "—"
                let source = resolved.sources[key].map(\.description) ?? "default"
                lines.append("  " + key.rawValue.padding(toLength: 25, withPad: " ", startingAt: 0) + " "
                             + shown.padding(toLength: max(shown.count, 34), withPad: " ", startingAt: 0) + "  " + source)
            }
        }
        let missing = resolved.options.missingOAuthOptions
        if resolved.options.kind == .journey, !missing.isEmpty {
            lines.append("OAuth is off: \(missing.map(\.rawValue).joined(separator: ", ")) not set.")
        }
        return lines.joined(separator: "\n")
    }

    /// The defaults a journey profile starts from, when nothing is named yet, with what it
    /// still needs (`missing`: why the options cannot be used as they are).
    static func defaultsText(missing: String) -> String {
        var lines = ["No profile, flag or JOURNEY_ variable is given: the SDKs' defaults (a journey profile)."]
        let keys = OptionKey.options(for: .journey)
        for group in OptionKey.groups where keys.contains(where: { $0.group == group }) {
            lines.append(group.rawValue)
            for key in keys where key.group == group {
                lines.append("  " + key.rawValue.padding(toLength: 25, withPad: " ", startingAt: 0) + " " + (key.defaultText ?? "—"))
            }
        }
        lines.append("Still needed: \(missing)")
        lines.append("Name a profile (--profile NAME, journey profiles list) or give --url.")
        return lines.joined(separator: "\n")
    }

    /// The same as one JSON object: `profile` null, each option's default, and `missing`.
    static func defaultsJSON(missing: String) -> String {
        var options: JSONObject = [:]
        for key in OptionKey.options(for: .journey) {
            options[key.rawValue] = .object(["source": .string("default"), "value": key.defaultText.map(JSONValue.string) ?? .null])
        }
        let root: JSONObject = ["profile": .null, "options": .object(options), "oauth": .bool(false), "missing": .string(missing)]
        return JSONValue.object(root).terminalSafeJSONText
    }

    static func json(_ resolved: ResolvedOptions) -> String {
        let values = resolved.options.values
        var options: JSONObject = [:]
        for key in OptionKey.options(for: resolved.options.kind) {
            var entry: JSONObject = ["source": .string(resolved.sources[key]?.description ?? "default")]
            switch values[key] {
            case .text(let text)?: entry["value"] = .string(key.mayHoldSecret ? Redaction.headerLine(text) : text)
            case .list(let items)?: entry["value"] = .array(items.map { .string(key.mayHoldSecret ? Redaction.headerLine($0) : $0) })
            case nil: entry["value"] = .null
            }
            options[key.rawValue] = .object(entry)
        }
        let root: JSONObject = ["profile": resolved.profileName.map(JSONValue.string) ?? .null, "options": .object(options),
                                "oauth": .bool(resolved.options.missingOAuthOptions.isEmpty && resolved.options.oauthClientId != nil)]
        return JSONValue.object(root).terminalSafeJSONText
    }

    private static func display(_ value: OptionValue, for key: OptionKey) -> String {
        let items = key.mayHoldSecret ? value.items.map(Redaction.headerLine) : value.items.map(TerminalText.line)
        return key.kind == .list ? items.joined(separator: ", ") : (items.first ?? "")
    }
}
