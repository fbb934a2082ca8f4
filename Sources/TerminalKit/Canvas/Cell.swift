/// One character cell of a ``Canvas``: a grapheme, its theme role, and whether it is the right
/// half of a wide character.
///
/// The grapheme is kept inline as UTF-8, up to ``maximumBytes`` bytes of whole scalars (curses
/// draws at most five scalars of a cluster, and an emoji sequence as its first character), so a
/// cell holds no reference: a canvas of them is copied, cleared and compared as plain memory,
/// which is most of what a frame does.
public struct Cell: Sendable, Hashable {
    /// The most UTF-8 bytes a cell keeps of its grapheme; scalars past them are dropped.
    public static let maximumBytes = 15

    /// UTF-8 bytes 0 to 7, the first in the lowest byte.
    private var lowBytes: UInt64
    /// UTF-8 bytes 8 to 14, then the byte count in the highest byte.
    private var highBytesAndCount: UInt64
    public var role: ThemeRole
    public var isContinuation: Bool

    public init(_ character: Character = " ", role: ThemeRole = .normal, isContinuation: Bool = false) {
        (lowBytes, highBytesAndCount) = Self.pack(character)
        self.role = role
        self.isContinuation = isContinuation
    }

    /// A cell of one ASCII byte, without looking at graphemes.
    init(ascii byte: UInt8, role: ThemeRole) {
        lowBytes = UInt64(byte)
        highBytesAndCount = 1 << 56
        self.role = role
        isContinuation = false
    }

    public var character: Character {
        get {
            let count = Int(highBytesAndCount >> 56)
            if count == 1, lowBytes < 0x80 { return Character(Unicode.Scalar(UInt8(lowBytes))) }
            let bytes = (0..<count).map { index in
                UInt8(truncatingIfNeeded: index < 8 ? lowBytes >> (8 * index) : highBytesAndCount >> (8 * (index - 8)))
            }
            return Character(String(decoding: bytes, as: UTF8.self))
        }
        set { (lowBytes, highBytesAndCount) = Self.pack(newValue) }
    }

    /// True for a single ASCII character (one column wide, no lookup needed).
    var isASCII: Bool { highBytesAndCount == 1 << 56 && lowBytes < 0x80 }

    private static func pack(_ character: Character) -> (UInt64, UInt64) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var count = 0
        for scalar in character.unicodeScalars {
            let bytes = scalar.utf8
            guard count + bytes.count <= maximumBytes else { break }
            for byte in bytes {
                if count < 8 { low |= UInt64(byte) << (8 * count) } else { high |= UInt64(byte) << (8 * (count - 8)) }
                count += 1
            }
        }
        return (low, high | UInt64(count) << 56)
    }
}
