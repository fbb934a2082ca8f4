/// Turns bytes into the final codeword sequence of a symbol: the byte-mode bit stream, the
/// terminator and pad codewords (§7.4), then per-block error correction and interleaving (§7.6).
enum QRCodewords {
    /// The data codewords: mode 0100, the byte count, the bytes, up to four 0 bits of
    /// terminator, 0 bits to the byte boundary, then 0xEC 0x11 alternately to fill the capacity.
    /// The caller has checked that the bytes fit.
    static func data(for bytes: [UInt8], version: Int, level: QRCode.ErrorCorrection) -> [UInt8] {
        let capacity = QRTables.dataCodewords(version: version, level: level)
        var stream = BitStream()
        stream.append(0b0100, bits: 4)
        stream.append(bytes.count, bits: QRTables.characterCountBits(version: version))
        for byte in bytes { stream.append(Int(byte), bits: 8) }
        stream.append(0, bits: min(4, capacity * 8 - stream.bitCount))
        stream.append(0, bits: (8 - stream.bitCount % 8) % 8)
        var codewords = stream.bytes
        var pad: UInt8 = 0xEC
        while codewords.count < capacity {
            codewords.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        return codewords
    }

    /// Splits the data codewords into blocks, adds each block's error correction codewords, and
    /// interleaves: the first data codeword of every block, then the second, …, then the error
    /// correction codewords the same way. When the blocks differ in length, the shorter ones come
    /// first and have one data codeword fewer.
    static func interleaved(data: [UInt8], version: Int, level: QRCode.ErrorCorrection) -> [UInt8] {
        let blockCount = QRTables.blockCount(version: version, level: level)
        let ecLength = QRTables.ecCodewordsPerBlock(version: version, level: level)
        let total = QRTables.totalCodewords(version: version)
        let shortBlockCount = blockCount - total % blockCount
        let shortDataLength = total / blockCount - ecLength
        let generator = QRReedSolomon.generator(degree: ecLength)

        var dataBlocks: [ArraySlice<UInt8>] = []
        var ecBlocks: [[UInt8]] = []
        var start = 0
        for block in 0..<blockCount {
            let length = shortDataLength + (block < shortBlockCount ? 0 : 1)
            let blockData = data[start..<start + length]
            start += length
            dataBlocks.append(blockData)
            ecBlocks.append(QRReedSolomon.errorCorrection(for: Array(blockData), generator: generator))
        }

        var result: [UInt8] = []
        result.reserveCapacity(total)
        for index in 0...shortDataLength {
            for block in dataBlocks where index < block.count {
                result.append(block[block.startIndex + index])
            }
        }
        for index in 0..<ecLength {
            for block in ecBlocks { result.append(block[index]) }
        }
        return result
    }
}

/// Bits appended most significant first, packed into bytes.
private struct BitStream {
    private(set) var bytes: [UInt8] = []
    private(set) var bitCount = 0

    mutating func append(_ value: Int, bits: Int) {
        for shift in stride(from: bits - 1, through: 0, by: -1) {
            if bitCount % 8 == 0 { bytes.append(0) }
            if (value >> shift) & 1 == 1 { bytes[bytes.count - 1] |= UInt8(0x80 >> (bitCount % 8)) }
            bitCount += 1
        }
    }
}
