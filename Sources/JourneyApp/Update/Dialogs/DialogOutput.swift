/// What a dialog asks of the app after a key: each dialog's update returns one, and
/// `AppState+Overlays.swift` does it.
enum DialogOutput<Request: Sendable>: Sendable {
    /// The dialog stays in front, as the key left it.
    case stays
    /// The dialog closes, and nothing else happens.
    case closes
    /// The dialog closes, and the app does what it was for (open the tab, rename, apply).
    case confirms(Request)
}

extension DialogOutput: Equatable where Request: Equatable {}
