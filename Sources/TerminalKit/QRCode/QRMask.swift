/// The eight data mask patterns and the penalty rules that choose between them (§7.8).
enum QRMask {
    static let all = 0..<8

    /// Whether mask `mask` inverts the module in column `x`, row `y` (Table 10, where i is the
    /// row and j the column).
    static func inverts(_ mask: Int, x: Int, y: Int) -> Bool {
        switch mask {
        case 0: (y + x) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (y + x) % 3 == 0
        case 4: (y / 2 + x / 3) % 2 == 0
        case 5: (y * x) % 2 + (y * x) % 3 == 0
        case 6: ((y * x) % 2 + (y * x) % 3) % 2 == 0
        case 7: ((y + x) % 2 + (y * x) % 3) % 2 == 0
        default: preconditionFailure("QR mask \(mask) is not 0…7")
        }
    }

    /// The penalty score of a finished symbol (Table 11), evaluated on the complete symbol
    /// including format and version information, as ISO/IEC 18004:2015 §7.8.3.1 says:
    /// - N1: 3 + (length − 5) for each run of 5 or more same-coloured modules in a row or column;
    /// - N2: 3 for each 2×2 block of one colour (so an m×n block scores 3(m − 1)(n − 1));
    /// - N3: 40 for each dark-light-dark-dark-dark-light-dark (1:1:3:1:1) pattern in a row or
    ///   column with 4 light modules before or after it; outside the symbol counts as light
    ///   (the quiet zone);
    /// - N4: 10 for each full 5% that the dark proportion is away from 50%.
    static func penalty(_ matrix: QRMatrix) -> Int {
        penalty(dark: matrix.dark, size: matrix.size)
    }

    /// The penalty of a square grid of modules, row-major, true for dark.
    static func penalty(dark: [Bool], size: Int) -> Int {
        var score = 0
        var line = [Bool](repeating: false, count: size)
        for index in 0..<size {
            for position in 0..<size { line[position] = dark[index * size + position] }
            score += runPenalty(line) + finderLikePenalty(line)
            for position in 0..<size { line[position] = dark[position * size + index] }
            score += runPenalty(line) + finderLikePenalty(line)
        }
        for y in 0..<size - 1 {
            for x in 0..<size - 1 {
                let colour = dark[y * size + x]
                if dark[y * size + x + 1] == colour, dark[(y + 1) * size + x] == colour,
                   dark[(y + 1) * size + x + 1] == colour {
                    score += 3
                }
            }
        }
        let total = size * size
        let darkCount = dark.reduce(0) { $0 + ($1 ? 1 : 0) }
        // |dark / total − 1/2| in whole 5% steps: |20·dark − 10·total| / total, rounded down.
        score += 10 * (abs(20 * darkCount - 10 * total) / total)
        return score
    }

    /// N1 for one row or column.
    static func runPenalty(_ line: [Bool]) -> Int {
        var score = 0
        var runLength = 0
        for (position, module) in line.enumerated() {
            if position > 0, module == line[position - 1] {
                runLength += 1
            } else {
                if runLength >= 5 { score += runLength - 2 }
                runLength = 1
            }
        }
        if runLength >= 5 { score += runLength - 2 }
        return score
    }

    private static let finderLike: [Bool] = [true, false, true, true, true, false, true]

    /// N3 for one row or column.
    static func finderLikePenalty(_ line: [Bool]) -> Int {
        let count = line.count
        func isLight(_ range: Range<Int>) -> Bool {
            range.allSatisfy { $0 < 0 || $0 >= count || !line[$0] }
        }
        var score = 0
        for start in 0...(count - finderLike.count) {
            guard line[start], line[start + 6] else { continue }
            guard (0..<finderLike.count).allSatisfy({ line[start + $0] == finderLike[$0] }) else { continue }
            if isLight(start - 4..<start) || isLight(start + 7..<start + 11) { score += 40 }
        }
        return score
    }
}
