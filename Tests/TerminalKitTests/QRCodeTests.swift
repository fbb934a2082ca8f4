@testable import TerminalKit
import Testing

/// The encoder's parts against values printed in ISO/IEC 18004 and its annexes.
struct QRCodeTests {
    @Test func generatorPolynomialOfDegree7() {
        // Annex A: α⁰x⁷ + α⁸⁷x⁶ + α²²⁹x⁵ + α¹⁴⁶x⁴ + α¹⁴⁹x³ + α²³⁸x² + α¹⁰²x + α²¹.
        let exponents = QRReedSolomon.generator(degree: 7).map { QRGaloisField.logarithms[Int($0)] }
        #expect(exponents == [0, 87, 229, 146, 149, 238, 102, 21])
    }

    @Test func errorCorrectionOfTheWorkedExample() {
        // Annex I: "01234567" at 1-M.
        let data: [UInt8] = [16, 32, 12, 86, 97, 128, 236, 17, 236, 17, 236, 17, 236, 17, 236, 17]
        let ec = QRReedSolomon.errorCorrection(for: data, generator: QRReedSolomon.generator(degree: 10))
        #expect(ec == [165, 36, 212, 193, 237, 54, 199, 135, 44, 85])
    }

    @Test func byteModeDataCodewordsWithTerminatorAndPads() {
        // 0100, count 00000101, H E L L O, terminator 0000; then 0xEC 0x11 alternately.
        #expect(QRCodewords.data(for: Array("HELLO".utf8), version: 1, level: .medium)
            == [0x40, 0x54, 0x84, 0x54, 0xC4, 0xC4, 0xF0, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC])
        // Version 10 and up count bytes in 16 bits.
        #expect(QRCodewords.data(for: [0xAB], version: 10, level: .high).prefix(4) == [0x40, 0x00, 0x1A, 0xB0])
    }

    @Test func interleavingPutsShortBlocksFirst() {
        // 5-Q: two blocks of 15 data codewords, then two of 16; 18 error correction codewords each.
        let data = (0..<62).map { UInt8($0) }
        let codewords = QRCodewords.interleaved(data: data, version: 5, level: .quartile)
        #expect(codewords.count == 134)
        #expect(Array(codewords.prefix(8)) == [0, 15, 30, 46, 1, 16, 31, 47])
        #expect(Array(codewords[56..<62]) == [14, 29, 44, 60, 45, 61])
        let firstBlockEC = QRReedSolomon.errorCorrection(for: Array(0..<15), generator: QRReedSolomon.generator(degree: 18))
        #expect(codewords[62] == firstBlockEC[0] && codewords[66] == firstBlockEC[1])
    }

    @Test func formatAndVersionInformation() {
        // Annex C and D.
        let medium = QRMask.all.map { QRMatrix.formatBits(level: .medium, mask: $0) }
        #expect(medium == [0x5412, 0x5125, 0x5E7C, 0x5B4B, 0x45F9, 0x40CE, 0x4F97, 0x4AA0])
        let low = QRMask.all.map { QRMatrix.formatBits(level: .low, mask: $0) }
        #expect(low == [0x77C4, 0x72F3, 0x7DAA, 0x789D, 0x662F, 0x6318, 0x6C41, 0x6976])
        #expect(QRMatrix.formatBits(level: .quartile, mask: 0) == 0x355F)
        #expect(QRMatrix.formatBits(level: .high, mask: 7) == 0x083B)
        #expect(QRMatrix.versionBits(version: 7) == 0x07C94)
        #expect(QRMatrix.versionBits(version: 8) == 0x085BC)
        #expect(QRMatrix.versionBits(version: 40) == 0x28C69)
    }

    @Test func codewordModulesMatchTheFunctionPatternsDrawn() {
        for version in QRTables.versions {
            let matrix = QRMatrix(version: version)
            let free = matrix.isFunction.filter { !$0 }.count
            #expect(free == QRTables.rawDataModules(version: version), "version \(version)")
        }
        // Remainder bits (Table 1).
        let remainders = QRTables.versions.map { QRTables.rawDataModules(version: $0) % 8 }
        #expect(remainders == [0] + Array(repeating: 7, count: 5) + Array(repeating: 0, count: 7)
            + Array(repeating: 3, count: 7) + Array(repeating: 4, count: 7) + Array(repeating: 3, count: 7)
            + Array(repeating: 0, count: 6))
        #expect(QRTables.totalCodewords(version: 40) == 3706)
    }

    @Test func byteCapacities() {
        let levels = QRCode.ErrorCorrection.allCases
        #expect(levels.map { QRTables.byteCapacity(version: 1, level: $0) } == [17, 14, 11, 7])
        #expect(levels.map { QRTables.byteCapacity(version: 10, level: $0) } == [271, 213, 151, 119])
        #expect(levels.map { QRTables.byteCapacity(version: 40, level: $0) } == [2953, 2331, 1663, 1273])
    }

    @Test func smallestVersionThatHoldsTheUTF8Bytes() throws {
        #expect(try QRCode("").version == 1)
        #expect(try QRCode(String(repeating: "a", count: 14)).version == 1)
        #expect(try QRCode(String(repeating: "a", count: 15)).version == 2)
        #expect(try QRCode(String(repeating: "é", count: 7)).version == 1)
        #expect(try QRCode(String(repeating: "é", count: 8)).version == 2)
        #expect(try QRCode("HELLO", errorCorrection: .high).errorCorrection == .high)
        let largest = try QRCode(String(repeating: "x", count: 2953), errorCorrection: .low)
        #expect(largest.version == 40 && largest.size == 177)
    }

    @Test func tooLongTextIsAClearError() {
        let error = #expect(throws: QRCodeError.self) { try QRCode(String(repeating: "x", count: 2332)) }
        #expect(error == .textTooLong(byteCount: 2332, limit: 2331, errorCorrection: .medium))
        #expect(error?.description
            == "The text is 2332 bytes of UTF-8, more than a QR code holds at error correction M (at most 2331 bytes).")
        #expect(throws: QRCodeError.textTooLong(byteCount: 2954, limit: 2953, errorCorrection: .low)) {
            try QRCode(String(repeating: "x", count: 2954), errorCorrection: .low)
        }
    }

    @Test func modulesOutsideTheSymbolAreLight() throws {
        let code = try QRCode("HELLO")
        #expect(code[0, 0] && code[20, 0] && code[0, 20])
        #expect(!code[-1, 0] && !code[21, 0] && !code[0, 21])
        #expect(code[8, 13]) // the dark module, (8, 4V + 9)
    }

    // MARK: - Penalty rules

    private func line(_ text: String) -> [Bool] { text.map { $0 == "1" } }

    @Test func runsOfFiveOrMore() {
        #expect(QRMask.runPenalty(line("1111")) == 0)
        #expect(QRMask.runPenalty(line("11111")) == 3)
        #expect(QRMask.runPenalty(line("0111111")) == 4)
        #expect(QRMask.runPenalty(line("0000011111")) == 6)
    }

    @Test func finderLikePatternsNeedFourLightModulesOnOneSide() {
        #expect(QRMask.finderLikePenalty(line("1011101")) == 40) // outside the symbol is light
        #expect(QRMask.finderLikePenalty(line("100010111010001")) == 0)
        #expect(QRMask.finderLikePenalty(line("1000010111010001")) == 40)
        #expect(QRMask.finderLikePenalty(line("1000101110100001")) == 40)
        // Two patterns sharing "101", light before the first and after the second: both count.
        #expect(QRMask.finderLikePenalty(line("0000101110111010000")) == 80)
    }

    @Test func wholeGridPenalties() {
        // All light, 21×21: 42 runs of 21 (19 each), 20 × 20 blocks of 2×2 (3 each), 0% dark (10 steps).
        #expect(QRMask.penalty(dark: Array(repeating: false, count: 441), size: 21) == 42 * 19 + 400 * 3 + 100)
        // A checkerboard has no runs, blocks or finder-like patterns, and 221 of 441 dark (50.1%).
        let checkerboard = (0..<441).map { ($0 / 21 + $0 % 21) % 2 == 0 }
        #expect(QRMask.penalty(dark: checkerboard, size: 21) == 0)
    }

    @Test func maskConditionsUseRowAndColumnAsTheSpecificationDoes() {
        // Table 10 writes i for the row and j for the column; masks 1, 2 and 4 are not symmetric.
        #expect(QRMask.inverts(1, x: 1, y: 0) && !QRMask.inverts(1, x: 0, y: 1))
        #expect(QRMask.inverts(2, x: 0, y: 1) && !QRMask.inverts(2, x: 1, y: 0))
        #expect(QRMask.inverts(4, x: 2, y: 1) && !QRMask.inverts(4, x: 1, y: 2))
    }
}
