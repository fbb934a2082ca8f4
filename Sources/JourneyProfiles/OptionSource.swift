import Foundation

/// Where an option's value came from, for messages and `journey config show`.
public enum OptionSource: Sendable, Hashable, CustomStringConvertible {
    /// The SDKs' default.
    case defaultValue
    /// A profile in a file, at a line when it is known.
    case profile(name: String, file: String, line: Int?)
    /// An environment variable.
    case environment(variable: String)
    /// A command-line flag.
    case flag(String)
    /// A form in the full-screen UI.
    case form
    /// The options an instance last started with (no profile or URL was named).
    case instance(String)

    public var description: String {
        switch self {
        case .defaultValue: "default"
        case .profile(let name, let file, let line): "profile \(name) (\(file)\(line.map { ":\($0)" } ?? ""))"
        case .environment(let variable): "environment \(variable)"
        case .flag(let flag): "flag \(flag)"
        case .form: "the tab's configuration form"
        case .instance(let name): "kept by instance \(name) from its last run"
        }
    }
}
