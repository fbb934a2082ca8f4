import Orchestrate

/// PingOne's password policy as a flow sends it (`passwordPolicy`): what a new password must
/// be, shown beside a PASSWORD_VERIFY field and checked before the form is sent.
public struct PasswordPolicy: Sendable, Hashable {
    public let name: String?
    public let minimumLength: Int?
    public let maximumLength: Int?
    /// Characters of each set the password needs at least this many of, e.g. `"0123456789": 1`.
    public let minimumCharacters: [(characters: String, count: Int)]
    /// At most this many of any one character, as the SDKs count it (over the whole password).
    public let maximumRepeated: Int?
    /// At least this many different characters.
    public let minimumUnique: Int?

    public init?(json: JSONValue?) {
        guard let json, case .object = json else { return nil }
        name = json["name"]?.stringValue
        minimumLength = json["length"]?["min"]?.intValue
        maximumLength = json["length"]?["max"]?.intValue
        minimumCharacters = json["minCharacters"]?.objectValue.map { sets in
            sets.compactMap { set, count in count.intValue.map { (set, $0) } }
        } ?? []
        maximumRepeated = json["maxRepeatedCharacters"]?.intValue
        minimumUnique = json["minUniqueCharacters"]?.intValue
    }

    /// The rules in words, one per line, for the form.
    public var rules: [String] {
        var rules: [String] = []
        switch (minimumLength, maximumLength) {
        case (let minimum?, let maximum?): rules.append("\(minimum) to \(maximum) characters")
        case (let minimum?, nil): rules.append("at least \(minimum) characters")
        case (nil, let maximum?): rules.append("at most \(maximum) characters")
        case (nil, nil): break
        }
        for (set, count) in minimumCharacters {
            rules.append("at least \(count) of \(Self.describe(set))")
        }
        if let maximumRepeated { rules.append("no character more than \(maximumRepeated) times") }
        if let minimumUnique { rules.append("at least \(minimumUnique) different characters") }
        return rules
    }

    /// What the password breaks, in the order of `rules`.
    public func problems(with password: String) -> [String] {
        var problems: [String] = []
        if let minimumLength, password.count < minimumLength { problems.append("The password needs at least \(minimumLength) characters.") }
        if let maximumLength, password.count > maximumLength { problems.append("The password may have at most \(maximumLength) characters.") }
        for (set, count) in minimumCharacters where password.filter(set.contains).count < count {
            problems.append("The password needs at least \(count) of \(Self.describe(set)).")
        }
        if let maximumRepeated, maximumRepeated > 0, Self.mostOfOneCharacter(in: password) > maximumRepeated {
            problems.append("The password has a character more than \(maximumRepeated) times.")
        }
        if let minimumUnique, Set(password).count < minimumUnique {
            problems.append("The password needs at least \(minimumUnique) different characters.")
        }
        return problems
    }

    private static func describe(_ set: String) -> String {
        switch set {
        case "0123456789": "the digits"
        case "ABCDEFGHIJKLMNOPQRSTUVWXYZ": "the capital letters"
        case "abcdefghijklmnopqrstuvwxyz": "the small letters"
        default: TerminalText.line(set)
        }
    }

    private static func mostOfOneCharacter(in text: String) -> Int {
        Dictionary(grouping: text) { $0 }.values.map(\.count).max() ?? 0
    }

    public static func == (left: PasswordPolicy, right: PasswordPolicy) -> Bool {
        left.name == right.name && left.minimumLength == right.minimumLength && left.maximumLength == right.maximumLength
            && left.minimumCharacters.map(\.characters) == right.minimumCharacters.map(\.characters)
            && left.minimumCharacters.map(\.count) == right.minimumCharacters.map(\.count)
            && left.maximumRepeated == right.maximumRepeated && left.minimumUnique == right.minimumUnique
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(minimumLength)
        hasher.combine(minimumCharacters.map(\.characters))
    }
}
