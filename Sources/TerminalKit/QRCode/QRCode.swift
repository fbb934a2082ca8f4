/// A QR code symbol (ISO/IEC 18004, Model 2) holding text as UTF-8 in byte mode, for showing
/// `otpauth://` and `pushauth://` registration URIs so that a phone can scan them from the
/// terminal (see `halfBlockLines(quietZone:invert:)`).
///
/// The smallest version (1…40) that holds the bytes at the requested error correction level is
/// used, and the data mask with the lowest penalty score. The matrix is a value: build it once
/// and draw it as often as needed.
public struct QRCode: Sendable, Hashable {
    /// How much of the symbol can be damaged and still be read: about 7% (`low`), 15%
    /// (`medium`), 25% (`quartile`) or 30% (`high`) of the codewords. Higher levels need a
    /// larger symbol for the same text.
    public enum ErrorCorrection: Sendable, Hashable, CaseIterable {
        case low, medium, quartile, high
    }

    /// The version, 1…40: version v is 4v + 17 modules per side.
    public let version: Int
    /// Modules per side, without the quiet zone.
    public let size: Int
    /// The error correction level the symbol was built with.
    public let errorCorrection: ErrorCorrection
    /// The data mask pattern (0…7) chosen by the penalty rules.
    public let mask: Int
    /// Row-major, true for dark.
    private let modules: [Bool]

    /// Encodes the UTF-8 bytes of `text` in byte mode.
    ///
    /// - Throws: `QRCodeError.textTooLong` when the bytes do not fit in a version 40 symbol at
    ///   this level (2,953 bytes at `low`, 2,331 at `medium`, 1,663 at `quartile`, 1,273 at `high`).
    public init(_ text: String, errorCorrection: ErrorCorrection = .medium) throws(QRCodeError) {
        try self.init(bytes: Array(text.utf8), errorCorrection: errorCorrection, mask: nil)
    }

    /// Encodes text with a fixed mask instead of the best one (for comparisons with other encoders).
    init(_ text: String, errorCorrection: ErrorCorrection, mask: Int?) throws(QRCodeError) {
        try self.init(bytes: Array(text.utf8), errorCorrection: errorCorrection, mask: mask)
    }

    /// Encodes bytes in byte mode, with the given mask (0…7) or, when nil, the best one.
    init(bytes: [UInt8], errorCorrection: ErrorCorrection, mask: Int?) throws(QRCodeError) {
        guard let version = QRTables.versions.first(where: {
            bytes.count <= QRTables.byteCapacity(version: $0, level: errorCorrection)
        }) else {
            throw .textTooLong(
                byteCount: bytes.count,
                limit: QRTables.byteCapacity(version: QRTables.versions.upperBound, level: errorCorrection),
                errorCorrection: errorCorrection)
        }
        let data = QRCodewords.data(for: bytes, version: version, level: errorCorrection)
        var base = QRMatrix(version: version)
        base.placeData(QRCodewords.interleaved(data: data, version: version, level: errorCorrection))

        let chosen = Self.masked(base, level: errorCorrection, fixedMask: mask)
        self.version = version
        size = base.size
        self.errorCorrection = errorCorrection
        self.mask = chosen.mask
        modules = chosen.matrix.dark
    }

    /// The unmasked symbol with a mask applied and its format information drawn: the given
    /// mask, or else each in turn, keeping the lowest penalty (the lower-numbered on a tie).
    private static func masked(
        _ base: QRMatrix, level: ErrorCorrection, fixedMask: Int?
    ) -> (mask: Int, matrix: QRMatrix) {
        func apply(_ mask: Int) -> QRMatrix {
            var matrix = base
            matrix.applyMask(mask)
            matrix.drawFormat(level: level, mask: mask)
            return matrix
        }
        if let fixedMask {
            precondition(QRMask.all.contains(fixedMask), "QR mask \(fixedMask) is not 0…7")
            return (fixedMask, apply(fixedMask))
        }
        var best = (mask: 0, matrix: apply(0))
        var bestPenalty = QRMask.penalty(best.matrix)
        for mask in QRMask.all.dropFirst() {
            let matrix = apply(mask)
            let penalty = QRMask.penalty(matrix)
            if penalty < bestPenalty { (best, bestPenalty) = ((mask, matrix), penalty) }
        }
        return best
    }

    /// Whether the module in column `x`, row `y` (from the top left, 0-based) is dark.
    /// Positions outside the symbol read as light, as the quiet zone around it is.
    public subscript(x: Int, y: Int) -> Bool {
        guard x >= 0, x < size, y >= 0, y < size else { return false }
        return modules[y * size + x]
    }
}

/// Why a QR code could not be made.
public enum QRCodeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text's UTF-8 bytes exceed what the largest symbol (version 40) holds at the level.
    case textTooLong(byteCount: Int, limit: Int, errorCorrection: QRCode.ErrorCorrection)

    public var description: String {
        switch self {
        case let .textTooLong(byteCount, limit, errorCorrection):
            "The text is \(byteCount) bytes of UTF-8, more than a QR code holds at error correction "
                + "\(errorCorrection.letter) (at most \(limit) bytes)."
        }
    }
}
