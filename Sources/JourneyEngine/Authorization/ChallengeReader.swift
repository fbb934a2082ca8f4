/// Reads challenges in one pass: `scheme [ token68 | name=value *(, name=value) ]`, separated by
/// commas. After a comma, `name =` continues the current challenge and anything else starts a
/// new one. Values are tokens or quoted strings (backslash escapes); an unquoted value is taken
/// up to the next comma or space, so URLs and base64 with `=` are accepted unquoted.
struct ChallengeReader {
    private let bytes: [UInt8]
    private var index = 0

    static func challenges(in value: String) throws(AdviceError) -> [AuthChallenge] {
        var reader = ChallengeReader(bytes: Array(value.utf8))
        var challenges: [AuthChallenge] = []
        while true {
            reader.skip(listSeparators: true)
            guard reader.index < reader.bytes.count else { return challenges }
            challenges.append(try reader.challenge())
        }
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func challenge() throws(AdviceError) -> AuthChallenge {
        let scheme = token()
        guard !scheme.isEmpty else { throw error("expected an authentication scheme") }
        skip(listSeparators: false)
        if atListEnd { return AuthChallenge(scheme: scheme) }
        if let token68 = token68() { return AuthChallenge(scheme: scheme, token68: token68) }
        var parameters: [String: String] = [:]
        repeat {
            let name = token().lowercased()
            guard !name.isEmpty else { throw error("expected a parameter name in the \(AdviceError.shown(scheme)) challenge") }
            skip(listSeparators: false)
            guard byte(is: "=") else { throw error("expected = after the parameter \(AdviceError.shown(name))") }
            index += 1
            skip(listSeparators: false)
            let value = try parameterValue(of: name)
            if parameters[name] == nil { parameters[name] = value }
            skip(listSeparators: false)
            guard atListEnd else { throw error("expected a comma after the parameter \(AdviceError.shown(name))") }
        } while nextIsParameter()
        return AuthChallenge(scheme: scheme, parameters: parameters)
    }

    /// A token68 that makes up the rest of this list element, or nil (and nothing read).
    private mutating func token68() -> String? {
        let start = index
        while index < bytes.count, Self.isToken68(bytes[index]) { index += 1 }
        guard index > start else { return nil }
        while byte(is: "=") { index += 1 }
        let end = index
        skip(listSeparators: false)
        guard atListEnd else {
            index = start
            return nil
        }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// After a parameter: whether the next list element is `name =` (moving to it) rather than
    /// a new challenge or the end (staying put).
    private mutating func nextIsParameter() -> Bool {
        let before = index
        skip(listSeparators: true)
        let start = index
        let name = token()
        skip(listSeparators: false)
        let isParameter = !name.isEmpty && byte(is: "=")
        index = isParameter ? start : before
        return isParameter
    }

    private mutating func parameterValue(of name: String) throws(AdviceError) -> String {
        guard byte(is: "\"") else {
            let start = index
            while index < bytes.count, !byte(is: ","), !Self.isSpace(bytes[index]), !byte(is: "\"") { index += 1 }
            guard index > start else { throw error("the parameter \(AdviceError.shown(name)) has no value") }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        let opening = index
        index += 1
        var value: [UInt8] = []
        while index < bytes.count, !byte(is: "\"") {
            if byte(is: "\\") { index += 1 }
            guard index < bytes.count else { break }
            value.append(bytes[index])
            index += 1
        }
        guard index < bytes.count else {
            index = opening
            throw error("the quoted value of \(AdviceError.shown(name)) has no closing quote")
        }
        index += 1
        return String(decoding: value, as: UTF8.self)
    }

    private mutating func token() -> String {
        let start = index
        while index < bytes.count, Self.isTokenCharacter(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func skip(listSeparators: Bool) {
        while index < bytes.count, Self.isSpace(bytes[index]) || (listSeparators && byte(is: ",")) { index += 1 }
    }

    private var atListEnd: Bool { index == bytes.count || byte(is: ",") }

    private func byte(is character: Unicode.Scalar) -> Bool {
        index < bytes.count && bytes[index] == UInt8(ascii: character)
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// RFC 9110 tchar.
    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }

    private static func isToken68(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || "-._~+/".utf8.contains(byte)
    }

    private func error(_ reason: String) -> AdviceError {
        .badChallenge(reason: reason, offset: index)
    }
}
