/// The module grid while a symbol is built: which modules are dark, and which belong to
/// function patterns (never masked, never carrying data). Row-major, `x` is the column.
struct QRMatrix {
    let version: Int
    let size: Int
    private(set) var dark: [Bool]
    private(set) var isFunction: [Bool]

    /// A grid with every function pattern drawn (§6.3): finders with separators, timing rows,
    /// alignment patterns, the dark module, the format areas reserved (light until
    /// `drawFormat`), and the version information for versions 7 and up.
    init(version: Int) {
        self.version = version
        size = QRTables.size(version: version)
        dark = Array(repeating: false, count: size * size)
        isFunction = Array(repeating: false, count: size * size)

        for index in 0..<size {
            setFunction(x: 6, y: index, dark: index % 2 == 0)
            setFunction(x: index, y: 6, dark: index % 2 == 0)
        }
        drawFinder(centreX: 3, centreY: 3)
        drawFinder(centreX: size - 4, centreY: 3)
        drawFinder(centreX: 3, centreY: size - 4)

        let centres = QRTables.alignmentPositions[version - 1]
        let last = centres.count - 1
        for (row, y) in centres.enumerated() {
            for (column, x) in centres.enumerated() {
                let overlapsFinder = (row == 0 && column == 0) || (row == 0 && column == last)
                    || (row == last && column == 0)
                if !overlapsFinder { drawAlignment(centreX: x, centreY: y) }
            }
        }

        for (x, y) in formatPositions().flatMap({ [$0.first, $0.second] }) {
            setFunction(x: x, y: y, dark: false)
        }
        setFunction(x: 8, y: size - 8, dark: true)
        if version >= 7 { drawVersion() }
    }

    subscript(x: Int, y: Int) -> Bool { dark[y * size + x] }

    private mutating func setFunction(x: Int, y: Int, dark isDark: Bool) {
        dark[y * size + x] = isDark
        isFunction[y * size + x] = true
    }

    /// A 7×7 finder (dark ring, light ring, dark 3×3 centre) and its light separator, clipped.
    private mutating func drawFinder(centreX: Int, centreY: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let x = centreX + dx, y = centreY + dy
                guard x >= 0, x < size, y >= 0, y < size else { continue }
                let ring = max(abs(dx), abs(dy))
                setFunction(x: x, y: y, dark: ring != 2 && ring != 4)
            }
        }
    }

    /// A 5×5 alignment pattern: dark ring, light ring, dark centre module.
    private mutating func drawAlignment(centreX: Int, centreY: Int) {
        for dy in -2...2 {
            for dx in -2...2 {
                setFunction(x: centreX + dx, y: centreY + dy, dark: max(abs(dx), abs(dy)) != 1)
            }
        }
    }

    /// Where format bit i goes (bit 0 least significant), in both copies (§7.9.1, Figure 25).
    /// First copy around the top-left finder: bits 0–5 down column 8 (rows 0–5), 6 and 7 at
    /// rows 7 and 8 (skipping the timing row), 8 at column 7 of row 8, 9–14 along row 8 from
    /// column 5 to 0. Second copy: bits 0–7 along row 8 from the right edge leftwards, bits
    /// 8–14 down column 8 from row size − 7 to the bottom.
    private func formatPositions() -> [(first: (Int, Int), second: (Int, Int))] {
        (0..<15).map { bit in
            let first: (Int, Int) = switch bit {
            case 0...5: (8, bit)
            case 6: (8, 7)
            case 7: (8, 8)
            case 8: (7, 8)
            default: (14 - bit, 8)
            }
            let second: (Int, Int) = bit < 8 ? (size - 1 - bit, 8) : (8, size - 15 + bit)
            return (first, second)
        }
    }

    /// The 15 format bits: the level's two bits and the mask's three, a BCH(15, 5) code with
    /// generator x¹⁰ + x⁸ + x⁵ + x⁴ + x² + x + 1 (0x537), xored with 101010000010010 so that
    /// no combination is all zero.
    static func formatBits(level: QRCode.ErrorCorrection, mask: Int) -> Int {
        let data = level.formatBits << 3 | mask
        return (data << 10 | bchRemainder(data << 10, generator: 0x537)) ^ 0b101010000010010
    }

    /// The 18 version bits: six of version, a BCH(18, 6) code with generator 0x1F25.
    static func versionBits(version: Int) -> Int {
        version << 12 | bchRemainder(version << 12, generator: 0x1F25)
    }

    /// value mod generator, polynomials over GF(2).
    private static func bchRemainder(_ value: Int, generator: Int) -> Int {
        let generatorDegree = Int.bitWidth - generator.leadingZeroBitCount - 1
        var remainder = value
        while remainder != 0 {
            let degree = Int.bitWidth - remainder.leadingZeroBitCount - 1
            if degree < generatorDegree { break }
            remainder ^= generator << (degree - generatorDegree)
        }
        return remainder
    }

    /// Writes the format information for a level and mask into both reserved areas.
    mutating func drawFormat(level: QRCode.ErrorCorrection, mask: Int) {
        let bits = Self.formatBits(level: level, mask: mask)
        for (bit, position) in formatPositions().enumerated() {
            let isDark = (bits >> bit) & 1 == 1
            setFunction(x: position.first.0, y: position.first.1, dark: isDark)
            setFunction(x: position.second.0, y: position.second.1, dark: isDark)
        }
    }

    /// Version information (§7.10): bit i sits in row i / 3, column size − 11 + i % 3 at the
    /// top right, and transposed (column i / 3, row size − 11 + i % 3) at the bottom left.
    private mutating func drawVersion() {
        let bits = Self.versionBits(version: version)
        for bit in 0..<18 {
            let isDark = (bits >> bit) & 1 == 1
            let near = bit / 3, far = size - 11 + bit % 3
            setFunction(x: far, y: near, dark: isDark)
            setFunction(x: near, y: far, dark: isDark)
        }
    }

    /// Places the codewords, most significant bit first, in two-module-wide columns from the
    /// right edge: upwards in the first, downwards in the next, and so on, right module before
    /// left, skipping function modules and the vertical timing column. Modules left over are
    /// the remainder bits, 0 (light before masking).
    mutating func placeData(_ codewords: [UInt8]) {
        let bitCount = codewords.count * 8
        var bitIndex = 0
        var right = size - 1
        var upwards = true
        while right > 0 {
            if right == 6 { right = 5 }
            for step in 0..<size {
                let y = upwards ? size - 1 - step : step
                for x in [right, right - 1] where !isFunction[y * size + x] {
                    if bitIndex < bitCount {
                        let byte = codewords[bitIndex / 8]
                        dark[y * size + x] = (byte >> (7 - bitIndex % 8)) & 1 == 1
                        bitIndex += 1
                    }
                }
            }
            upwards.toggle()
            right -= 2
        }
    }

    /// Inverts every non-function module where the mask's condition holds.
    mutating func applyMask(_ mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !isFunction[y * size + x] && QRMask.inverts(mask, x: x, y: y) {
                dark[y * size + x].toggle()
            }
        }
    }
}
