/// One option of a client instance, named as the SDKs name it (ForgeRock's `FROptions` for a
/// journey instance, Ping's DaVinci SDKs for a DaVinci one), with its group, the kind of value
/// it takes, its default and what it does.
///
/// Each module declares its own keys as static members: the ones both kinds take here
/// (`OptionKey+Common.swift`), a journey's in JourneyEngine, a DaVinci flow's in DaVinci. Two
/// keys are the same option when their names are.
public struct OptionKey: Sendable, Hashable, CustomStringConvertible {
    /// The option's name, as profiles, variables and forms write it.
    public let rawValue: String
    public let group: Group
    public let kind: Kind
    /// The kind of instance the option applies to; nil for options both kinds take.
    public let onlyFor: OrchestrationKind?
    /// Whether the SDKs treat a change of the option as a new identity: the old session is
    /// logged out and the old tokens revoked, at the old server, before the new options apply.
    public let changesIdentity: Bool
    /// The default as text; nil when the option is unset by default.
    public let defaultText: String?
    /// One line for help texts and the configuration form.
    public let summary: String

    public init(_ name: String, group: Group, kind: Kind = .text, onlyFor: OrchestrationKind?, changesIdentity: Bool = false,
                defaultText: String? = nil, summary: String) {
        rawValue = name
        self.group = group
        self.kind = kind
        self.onlyFor = onlyFor
        self.changesIdentity = changesIdentity
        self.defaultText = defaultText
        self.summary = summary
    }

    /// A group options are shown in.
    public struct Group: Sendable, Hashable {
        public let rawValue: String

        public init(_ name: String) {
            rawValue = name
        }
    }

    /// What kind of value an option takes.
    public enum Kind: Sendable, Hashable {
        case text, seconds, boolean, list
    }

    public var description: String { rawValue }

    public static func == (lhs: OptionKey, rhs: OptionKey) -> Bool { lhs.rawValue == rhs.rawValue }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }

    /// The key of `keys` closest to a mistyped name, for "did you mean".
    public static func closest(to name: String, among keys: [OptionKey]) -> OptionKey? {
        let lowered = name.lowercased()
        if let exact = keys.first(where: { $0.rawValue.lowercased() == lowered }) { return exact }
        let scored = keys.map { ($0, EditDistance.between(lowered, $0.rawValue.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, name.count / 3) else { return nil }
        return best.0
    }
}

/// Levenshtein distance, for "did you mean" suggestions.
enum EditDistance {
    static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for (i, ca) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, cb) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
