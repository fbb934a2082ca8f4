/// A CREST query filter, as Query Filter Decision nodes hold them
/// (`!(/preferences pr) or /preferences/marketing eq false`): `eq`, `co`, `sw`, `gt`, `ge`, `lt`,
/// `le`, `pr`, `!`, `and`, `or`, parentheses, `true` and `false`, over a user's attributes.
indirect enum QueryFilter: Sendable {
    case always(Bool)
    case not(QueryFilter)
    case and(QueryFilter, QueryFilter)
    case or(QueryFilter, QueryFilter)
    case present(String)
    case compare(String, Operator, JSONValue)

    enum Operator: String, Sendable {
        case eq, co, sw, gt, ge, lt, le
    }

    /// Parses a filter, or says why it is not one.
    static func parse(_ text: String) -> Result<QueryFilter, QueryFilterError> {
        var parser = Parser(tokens: Tokenizer.tokens(text))
        do throws(QueryFilterError) {
            let filter = try parser.expression()
            guard parser.atEnd else { throw QueryFilterError("unexpected \(parser.peek ?? "") in \(text)") }
            return .success(filter)
        } catch {
            return .failure(error)
        }
    }

    /// Whether the user's attributes match.
    func matches(_ user: DemoUser) -> Bool {
        switch self {
        case .always(let value): value
        case .not(let filter): !filter.matches(user)
        case .and(let left, let right): left.matches(user) && right.matches(user)
        case .or(let left, let right): left.matches(user) || right.matches(user)
        case .present(let path):
            path == "password" ? user.hasPassword : Self.isPresent(user.attribute(path))
        case .compare(let path, let op, let value):
            Self.compare(user.attribute(path), op, value)
        }
    }

    private static func isPresent(_ value: JSONValue?) -> Bool {
        guard let value else { return false }
        if case .null = value { return false }
        return true
    }

    private static func compare(_ attribute: JSONValue?, _ op: Operator, _ value: JSONValue) -> Bool {
        guard let have = attribute?.scalarText, let want = value.scalarText else { return false }
        if let left = Double(have), let right = Double(want), op != .co, op != .sw {
            switch op {
            case .eq: return left == right
            case .gt: return left > right
            case .ge: return left >= right
            case .lt: return left < right
            case .le: return left <= right
            case .co, .sw: return false
            }
        }
        switch op {
        case .eq: return have == want
        case .co: return have.lowercased().contains(want.lowercased())
        case .sw: return have.lowercased().hasPrefix(want.lowercased())
        case .gt: return have > want
        case .ge: return have >= want
        case .lt: return have < want
        case .le: return have <= want
        }
    }

    /// Words, quoted strings (quotes kept) and parentheses.
    private enum Tokenizer {
        static func tokens(_ text: String) -> [String] {
            var tokens: [String] = []
            var current = ""
            var quoted = false
            for character in text {
                if quoted {
                    current.append(character)
                    if character == "\"" { quoted = false }
                } else if character == "\"" {
                    current.append(character)
                    quoted = true
                } else if character == "(" || character == ")" || character == "!" {
                    if !current.isEmpty { tokens.append(current); current = "" }
                    tokens.append(String(character))
                } else if character.isWhitespace {
                    if !current.isEmpty { tokens.append(current); current = "" }
                } else {
                    current.append(character)
                }
            }
            if !current.isEmpty { tokens.append(current) }
            return tokens
        }
    }

    /// How deep parentheses and `!` may nest, and how many comparisons a filter may hold: an
    /// export's filter is read without ever running out of stack.
    static let deepest = 32
    static let mostTerms = 200

    private struct Parser {
        let tokens: [String]
        var position = 0
        var depth = 0
        var terms = 0

        var atEnd: Bool { position >= tokens.count }
        var peek: String? { atEnd ? nil : tokens[position] }

        mutating func deeper() throws(QueryFilterError) {
            depth += 1
            guard depth <= QueryFilter.deepest else { throw QueryFilterError("it nests deeper than \(QueryFilter.deepest) levels") }
        }

        mutating func next() throws(QueryFilterError) -> String {
            guard let token = peek else { throw QueryFilterError("the filter ends too soon") }
            position += 1
            return token
        }

        mutating func expression() throws(QueryFilterError) -> QueryFilter {
            var filter = try conjunction()
            while peek?.lowercased() == "or" {
                position += 1
                filter = .or(filter, try conjunction())
            }
            return filter
        }

        mutating func conjunction() throws(QueryFilterError) -> QueryFilter {
            var filter = try negation()
            while peek?.lowercased() == "and" {
                position += 1
                filter = .and(filter, try negation())
            }
            return filter
        }

        mutating func negation() throws(QueryFilterError) -> QueryFilter {
            if peek == "!" {
                position += 1
                try deeper()
                defer { depth -= 1 }
                return .not(try negation())
            }
            return try primary()
        }

        mutating func primary() throws(QueryFilterError) -> QueryFilter {
            let token = try next()
            terms += 1
            guard terms <= QueryFilter.mostTerms else { throw QueryFilterError("it holds more than \(QueryFilter.mostTerms) terms") }
            if token == "(" {
                try deeper()
                defer { depth -= 1 }
                let filter = try expression()
                guard try next() == ")" else { throw QueryFilterError("a parenthesis is not closed") }
                return filter
            }
            if token == "true" { return .always(true) }
            if token == "false" { return .always(false) }
            let path = token.hasPrefix("/") ? String(token.dropFirst()) : token
            let word = try next().lowercased()
            if word == "pr" { return .present(path) }
            guard let op = Operator(rawValue: word) else { throw QueryFilterError("\(word) is no operator (eq, co, sw, gt, ge, lt, le, pr)") }
            return .compare(path, op, Self.value(try next()))
        }

        private static func value(_ token: String) -> JSONValue {
            if token.count >= 2, token.hasPrefix("\""), token.hasSuffix("\"") { return .string(String(token.dropFirst().dropLast())) }
            if token == "true" || token == "false" { return .bool(token == "true") }
            if let number = Int(token) { return .int(number) }
            return .string(token)
        }
    }
}

/// Why a query filter cannot be read.
struct QueryFilterError: Error, Sendable {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
