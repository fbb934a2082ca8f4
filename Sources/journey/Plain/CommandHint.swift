import DaVinci
import JourneyEngine
import JourneyProfiles
import Orchestrate

/// What the command line adds to the engine's messages: the flag or command that does what a
/// message says to do. The engine's texts name no flag, so the full-screen UI shows them as
/// they are; `journey` adds its own words here.
enum CommandHint {
    /// The error's message with the command line's hint, when there is one.
    static func message(for error: any Error) -> String {
        let text = "\(error)"
        switch hint(for: error) {
        case .inserted(let flags)?:
            // "…its own store." becomes "…its own store (--session-store …)."
            return text.hasSuffix(".") ? "\(text.dropLast()) (\(flags))." : "\(text) (\(flags))"
        case .sentence(let sentence)?:
            return "\(text) \(sentence)"
        case .line(let line)?:
            return "\(text)\n\(line)"
        case nil:
            return text
        }
    }

    /// A hint, and where it goes.
    enum Hint: Equatable {
        /// In parentheses before the message's last full stop.
        case inserted(String)
        /// A sentence after the message.
        case sentence(String)
        /// A line of its own after the message.
        case line(String)
    }

    static func hint(for error: any Error) -> Hint? {
        switch error {
        case let error as TransportError: transport(error)
        case let error as JourneyError: if case .transport(let problem) = error { transport(problem) } else { nil }
        case let error as OAuthError: oauth(error)
        case let error as DaVinciError: davinci(error)
        case let error as StoreError: store(error)
        case let error as BrowserReturnError: error == .resumeLink ? .inserted("--resume") : nil
        case let error as OptionErrors:
            error.problems.contains { $0.problem?.key == .sslPinningPublicKeyHashes }
                ? .line("journey config pins URL prints a server's pins.") : nil
        default: nil
        }
    }

    private static func transport(_ error: TransportError) -> Hint? {
        switch error {
        case .timedOut: .inserted("--timeout")
        case .certificateNotTrusted(let server, _): .sentence("`journey config pins \(server) --insecure` shows the chain it presents.")
        case .pinMismatch(let server, _, _): .line("If the server's key changed on purpose, `journey config pins \(server)` prints the new pins.")
        default: nil
        }
    }

    /// A journey instance's OAuth client (a DaVinci instance's comes from its profile alone).
    private static func oauth(_ error: OAuthError) -> Hint? {
        switch error {
        case .transport(let problem): transport(problem)
        case .server("invalid_client", _): .inserted("--client-id")
        case .server("invalid_scope", _): .inserted("--scope")
        case .noSession: .inserted("journey login")
        default: nil
        }
    }

    /// A DaVinci instance's options come from its profile alone: only the network has a flag.
    private static func davinci(_ error: DaVinciError) -> Hint? {
        switch error {
        case .transport(let problem), .oauth(.transport(let problem)): transport(problem)
        default: nil
        }
    }

    private static func store(_ error: StoreError) -> Hint? {
        switch error {
        case .otherKind, .otherRole: .inserted("--session-store, --token-store or --cookie-store")
        default: nil
        }
    }
}
