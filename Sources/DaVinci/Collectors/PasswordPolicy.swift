import Orchestrate

/// PingOne's password policy as a flow sends it (`passwordPolicy`): what a new password must
/// be, shown beside a PASSWORD_VERIFY field and checked before the form is sent.
public struct PasswordPolicy: Sendable, Hashable {
    public let name: String?
    public let minimumLength: Int?
    public let maximumLength: Int?
    /// Characters of each set the password needs at least this many of, e.g. `"0123456789": 1`.
    public let minimumCharacters: [(characters: String, count: Int)]
    /// At most this many of one character in a row, as PingOne defines `maxRepeatedCharacters`:
    /// with 2, `good-apple` passes and `goood-appple` does not.
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
        if let maximumRepeated { rules.append("no character more than \(maximumRepeated) times in a row") }
        if let minimumUnique { rules.append("at least \(minimumUnique) different characters") }
        return rules
    }

    /// What the password breaks, one message per rule, in the order of `rules`.
    public func problems(with password: String) -> [String] {
        var broken: [String] = []
        if let minimumLength, password.count < minimumLength { broken.append("The password needs at least \(minimumLength) characters.") }
        if let maximumLength, password.count > maximumLength { broken.append("The password may have at most \(maximumLength) characters.") }
        for (set, count) in minimumCharacters where password.filter(set.contains).count < count {
            broken.append("The password needs at least \(count) of \(Self.describe(set)).")
        }
        if let maximumRepeated, maximumRepeated > 0, Self.longestRun(in: password) > maximumRepeated {
            broken.append(repeatedMessage(maximumRepeated))
        }
        if let minimumUnique, Set(password).count < minimumUnique {
            broken.append("The password needs at least \(minimumUnique) different characters.")
        }
        return broken
    }

    /// The message for one rule PingOne names in a refusal's `unsatisfiedRequirements`
    /// (`length`, `minCharacters`, `maxRepeatedCharacters` …), with this policy's numbers when
    /// it has them; a rule this client does not know is named as PingOne names it.
    public func message(forUnsatisfied requirement: String) -> String {
        switch requirement {
        case "length":
            switch (minimumLength, maximumLength) {
            case (let minimum?, let maximum?): "The password needs \(minimum) to \(maximum) characters."
            case (let minimum?, nil): "The password needs at least \(minimum) characters."
            case (nil, let maximum?): "The password may have at most \(maximum) characters."
            case (nil, nil): "The password is too short or too long."
            }
        case "minCharacters":
            minimumCharacters.isEmpty ? "The password lacks a kind of character the policy requires."
                : "The password needs " + minimumCharacters.map { "at least \($0.count) of \(Self.describe($0.characters))" }.joined(separator: ", ") + "."
        case "maxRepeatedCharacters":
            repeatedMessage(maximumRepeated)
        case "minUniqueCharacters":
            "The password needs at least \(minimumUnique.map(String.init) ?? "more") different characters."
        case "excludesCommonlyUsed":
            "The password is a commonly used one."
        case "excludesProfileData":
            "The password contains a value from the account's profile."
        case "notSimilarToCurrent":
            "The password is too similar to the current one."
        case "history":
            "The password was used recently."
        default:
            "The password breaks the policy's rule \(TerminalText.line(requirement))."
        }
    }

    private func repeatedMessage(_ maximum: Int?) -> String {
        "The password has a character more than \(maximum.map(String.init) ?? "the allowed number of") times in a row."
    }

    private static func describe(_ set: String) -> String {
        switch set {
        case "0123456789": "the digits"
        case "ABCDEFGHIJKLMNOPQRSTUVWXYZ": "the capital letters"
        case "abcdefghijklmnopqrstuvwxyz": "the small letters"
        default: TerminalText.line(set)
        }
    }

    /// The longest run of one character repeated back to back.
    static func longestRun(in text: String) -> Int {
        var longest = 0
        var run = 0
        var previous: Character?
        for character in text {
            run = character == previous ? run + 1 : 1
            previous = character
            longest = max(longest, run)
        }
        return longest
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
