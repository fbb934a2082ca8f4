/// Per-version constants of ISO/IEC 18004 (QR Code Model 2), versions 1…40.
enum QRTables {
    static let versions = 1...40

    /// Modules per side of a version: 21 for version 1, four more for each version after it.
    static func size(version: Int) -> Int { 4 * version + 17 }

    /// Error correction codewords in each block (Table 9), `[level][version - 1]` with levels
    /// in the order L, M, Q, H.
    static let ecCodewordsPerBlock: [[Int]] = [
        [7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
         28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
         26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
        [13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
         28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
         30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
    ]

    /// Error correction blocks (Table 9), `[level][version - 1]`, levels L, M, Q, H.
    static let blockCount: [[Int]] = [
        [1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
         8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
        [1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
         17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
        [1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
         23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
        [1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
         25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
    ]

    /// Centre rows/columns of the alignment patterns (Annex E), `[version - 1]`. A pattern sits
    /// at every pairing of these, except the three pairings that overlap a finder pattern.
    static let alignmentPositions: [[Int]] = [
        [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34],
        [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50], [6, 30, 54], [6, 32, 58], [6, 34, 62],
        [6, 26, 46, 66], [6, 26, 48, 70], [6, 26, 50, 74], [6, 30, 54, 78], [6, 30, 56, 82],
        [6, 30, 58, 86], [6, 34, 62, 90],
        [6, 28, 50, 72, 94], [6, 26, 50, 74, 98], [6, 30, 54, 78, 102], [6, 28, 54, 80, 106],
        [6, 32, 58, 84, 110], [6, 30, 58, 86, 114], [6, 34, 62, 90, 118],
        [6, 26, 50, 74, 98, 122], [6, 30, 54, 78, 102, 126], [6, 26, 52, 78, 104, 130],
        [6, 30, 56, 82, 108, 134], [6, 34, 60, 86, 112, 138], [6, 30, 58, 86, 114, 142],
        [6, 34, 62, 90, 118, 146],
        [6, 30, 54, 78, 102, 126, 150], [6, 24, 50, 76, 102, 128, 154], [6, 28, 54, 80, 106, 132, 158],
        [6, 32, 58, 84, 110, 136, 162], [6, 26, 54, 82, 110, 138, 166], [6, 30, 58, 86, 114, 142, 170],
    ]

    /// Modules left for codewords (data, error correction and remainder bits) once the function
    /// patterns are drawn. From size² = 16v² + 136v + 289: the three finders with separators take
    /// 3 × 64, the two timing rows 2 × (size − 16), the format areas and dark module 31, which
    /// leaves 16v² + 128v + 64. Each of the n² − 3 alignment patterns (n per side) takes 25, less
    /// the 5 timing modules each of the 2 × (n − 2) on the timing rows already counted; version
    /// information (v ≥ 7) takes 2 × 18.
    static func rawDataModules(version: Int) -> Int {
        var modules = (16 * version + 128) * version + 64
        if version >= 2 {
            let perSide = alignmentPositions[version - 1].count
            modules -= 25 * (perSide * perSide - 3) - 10 * (perSide - 2)
        }
        if version >= 7 { modules -= 36 }
        return modules
    }

    /// All codewords of a symbol; the leftover `rawDataModules % 8` are remainder bits.
    static func totalCodewords(version: Int) -> Int { rawDataModules(version: version) / 8 }

    static func ecCodewordsPerBlock(version: Int, level: QRCode.ErrorCorrection) -> Int {
        ecCodewordsPerBlock[level.tableIndex][version - 1]
    }

    static func blockCount(version: Int, level: QRCode.ErrorCorrection) -> Int {
        blockCount[level.tableIndex][version - 1]
    }

    /// Codewords that carry data (the rest is error correction).
    static func dataCodewords(version: Int, level: QRCode.ErrorCorrection) -> Int {
        totalCodewords(version: version)
            - ecCodewordsPerBlock(version: version, level: level) * blockCount(version: version, level: level)
    }

    /// Width of the byte-mode character count indicator.
    static func characterCountBits(version: Int) -> Int { version <= 9 ? 8 : 16 }

    /// The most bytes byte mode holds: the 4-bit mode indicator and the count come first.
    static func byteCapacity(version: Int, level: QRCode.ErrorCorrection) -> Int {
        (dataCodewords(version: version, level: level) * 8 - 4 - characterCountBits(version: version)) / 8
    }
}

extension QRCode.ErrorCorrection {
    /// Row in `QRTables`.
    var tableIndex: Int {
        switch self {
        case .low: 0
        case .medium: 1
        case .quartile: 2
        case .high: 3
        }
    }

    /// The two error correction bits of the format information (Table 12): L 01, M 00, Q 11, H 10.
    var formatBits: Int {
        switch self {
        case .low: 0b01
        case .medium: 0b00
        case .quartile: 0b11
        case .high: 0b10
        }
    }

    /// The level's letter, as the specification names it.
    var letter: String {
        switch self {
        case .low: "L"
        case .medium: "M"
        case .quartile: "Q"
        case .high: "H"
        }
    }
}
