import Foundation

extension StringProtocol {
    /// Whether the two texts are equal ignoring case, as `caseInsensitiveCompare(_:) ==
    /// .orderedSame` says; ASCII text (header names, schemes, journey names) is compared byte by
    /// byte in Swift, since Foundation's comparison bridges through NSString on Linux.
    public func equalsIgnoringCase(_ other: some StringProtocol) -> Bool {
        let mine = utf8, theirs = other.utf8
        guard mine.allSatisfy({ $0 < 0x80 }), theirs.allSatisfy({ $0 < 0x80 }) else {
            return caseInsensitiveCompare(other) == .orderedSame
        }
        return mine.count == theirs.count && zip(mine, theirs).allSatisfy { Self.folded($0) == Self.folded($1) }
    }

    private static func folded(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
