/// One terminal cell: a grapheme cluster and its role. A wide character occupies its cell and
/// a continuation cell (`isContinuation`) to its right.
public struct Cell: Sendable, Hashable {
    public var character: Character
    public var role: ThemeRole
    public var isContinuation: Bool

    public init(_ character: Character = " ", role: ThemeRole = .normal, isContinuation: Bool = false) {
        self.character = character
        self.role = role
        self.isContinuation = isContinuation
    }
}
