/// Arithmetic in GF(2⁸) as QR codes use it: bytes are polynomials over GF(2) reduced modulo
/// the primitive polynomial x⁸ + x⁴ + x³ + x² + 1 (0x11D), whose root α = 2 generates the field.
enum QRGaloisField {
    /// αⁱ for i in 0..<510 (two periods, so a sum of two logarithms needs no reduction).
    static let exponents: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 510)
        var value = 1
        for power in 0..<255 {
            table[power] = UInt8(value)
            table[power + 255] = UInt8(value)
            value <<= 1
            if value & 0x100 != 0 { value ^= 0x11D }
        }
        return table
    }()

    /// The i with αⁱ = value, for value 1…255 (entry 0 is unused).
    static let logarithms: [Int] = {
        var table = [Int](repeating: 0, count: 256)
        for power in 0..<255 { table[Int(exponents[power])] = power }
        return table
    }()

    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        if a == 0 || b == 0 { return 0 }
        return exponents[logarithms[Int(a)] + logarithms[Int(b)]]
    }

    /// αⁱ, for any i ≥ 0.
    static func power(_ exponent: Int) -> UInt8 { exponents[exponent % 255] }
}

/// Reed–Solomon error correction codewords (ISO/IEC 18004 §7.5.2).
enum QRReedSolomon {
    /// The generator polynomial of a given degree, (x − α⁰)(x − α¹)…(x − αⁿ⁻¹), as its
    /// coefficients from xⁿ (always 1) down to x⁰. In GF(2⁸) subtraction is addition (xor).
    static func generator(degree: Int) -> [UInt8] {
        var polynomial: [UInt8] = [1]
        for root in 0..<degree {
            let factor = QRGaloisField.power(root)
            // polynomial × (x + factor): shift up one degree, then add factor × polynomial.
            var product = polynomial + [0]
            for (index, coefficient) in polynomial.enumerated() {
                product[index + 1] ^= QRGaloisField.multiply(coefficient, factor)
            }
            polynomial = product
        }
        return polynomial
    }

    /// The error correction codewords for one block: the remainder of data(x) · xⁿ divided by
    /// the generator of degree n, highest coefficient first.
    static func errorCorrection(for data: [UInt8], generator: [UInt8]) -> [UInt8] {
        let degree = generator.count - 1
        var remainder = [UInt8](repeating: 0, count: degree)
        for byte in data {
            let factor = byte ^ remainder[0]
            remainder.removeFirst()
            remainder.append(0)
            if factor == 0 { continue }
            for index in 0..<degree {
                remainder[index] ^= QRGaloisField.multiply(generator[index + 1], factor)
            }
        }
        return remainder
    }
}
