/// Bytes as lowercase hexadecimal, two digits a byte, for fingerprints and names made from digests.
/// Written out rather than through `String(format:)`, whose `CVarArg` boxing costs a
/// conformance lookup per call site on a command's first use.
extension Sequence where Element == UInt8 {
    public var hexDigits: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
