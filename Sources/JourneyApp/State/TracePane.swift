import JourneyEngine

/// A tab's trace pane (`e`): every HTTP exchange the tab's client made (journeys, sessions,
/// tokens, API calls), one selected and shown whole, with credentials redacted until the person
/// reveals them.
public struct TracePane: Sendable, Equatable {
    /// The exchange shown (an index into the tab's trace); nil follows the newest.
    public var selected: Int?
    /// How many lines the selected exchange is scrolled down (PgUp/PgDn).
    public var scroll = 0
    /// Credentials shown as they went (`x`); hidden again when the pane closes.
    public var revealing = false

    /// How many exchanges a tab keeps (the oldest go first).
    public static let capacity = 500

    /// The index of the exchange shown, in a trace of `count` exchanges.
    func shown(in count: Int) -> Int? {
        guard count > 0 else { return nil }
        return min(selected ?? count - 1, count - 1)
    }
}
