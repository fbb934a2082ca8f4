/// Text on its way to a terminal, safe by construction: the only way text reaches a terminal
/// in plain mode (`Console` takes nothing else).
///
/// The literal parts of a `TerminalString` are the program's own words; everything else is
/// neutralised by `TerminalText` as it goes in, whatever its origin: an interpolated value
/// (`"Signed in as \(user)"`), a wrapped `String` (`TerminalString(text)`), an error's
/// description. Only `TerminalStyle`'s fixed SGR sequences are added raw, so no byte a server, a
/// file or an argument chose can reach the terminal as a control character.
public struct TerminalString: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The text with every foreign part neutralised, ready to write.
    public private(set) var description: String

    /// Any text, neutralised as a block: line breaks stay, tabs become spaces, every other
    /// control, escape or bidi character becomes U+FFFD.
    public init(_ text: String) {
        description = TerminalText.block(text)
    }

    /// Any text on one line: line breaks and tabs become spaces as well.
    public init(line text: String) {
        description = TerminalText.line(text)
    }

    /// A literal written in the program.
    public init(stringLiteral literal: String) {
        description = literal
    }

    public init(stringInterpolation: StringInterpolation) {
        description = stringInterpolation.text
    }

    private init(neutralised: String) {
        description = neutralised
    }

    public var isEmpty: Bool { description.isEmpty }

    /// The text's lines, without their line breaks (still safe: a line break is never part of
    /// a style).
    public var lines: [TerminalString] {
        description.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalString(neutralised: String($0)) }
    }

    /// Literals as written; every interpolated value neutralised (kept on its lines).
    public struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var text = ""

        public init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) {
            text += literal
        }

        /// Already safe: kept as it is (its styles included).
        public mutating func appendInterpolation(_ value: TerminalString) {
            text += value.description
        }

        public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            text += TerminalText.block(value.description)
        }

        public mutating func appendInterpolation(_ value: any Error) {
            text += TerminalText.block(String(describing: value))
        }

        /// A value on one line (line breaks become spaces).
        public mutating func appendInterpolation(line value: some StringProtocol) {
            text += TerminalText.line(String(value))
        }
    }

    /// The text in a terminal style, followed by a reset.
    public func styled(_ style: TerminalStyle) -> TerminalString {
        TerminalString(neutralised: "\u{1B}[\(style.rawValue)m\(description)\u{1B}[0m")
    }

    public static func + (left: TerminalString, right: TerminalString) -> TerminalString {
        TerminalString(neutralised: left.description + right.description)
    }

    public static func += (left: inout TerminalString, right: TerminalString) {
        left.description += right.description
    }
}

/// The SGR styles JourneyTerm's plain output uses: the only escape sequences a `TerminalString`
/// carries.
public enum TerminalStyle: String, Sendable {
    case bold = "1", dim = "2", red = "31", green = "32", yellow = "33", cyan = "36"
}

extension Sequence<TerminalString> {
    /// The texts one after another with `separator` between them.
    public func joined(separator: TerminalString = "") -> TerminalString {
        var result: TerminalString = ""
        for (index, part) in enumerated() {
            if index > 0 { result += separator }
            result += part
        }
        return result
    }
}
