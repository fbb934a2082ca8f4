/// RFC 4648 base32, the encoding of TOTP secrets.
enum Base32 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var text = ""
        var buffer = 0
        var bits = 0
        for byte in bytes {
            buffer = (buffer << 8 | Int(byte)) & 0xFFFF
            bits += 8
            while bits >= 5 {
                bits -= 5
                text.unicodeScalars.append(Unicode.Scalar(alphabet[(buffer >> bits) & 31]))
            }
        }
        if bits > 0 {
            text.unicodeScalars.append(Unicode.Scalar(alphabet[(buffer << (5 - bits)) & 31]))
        }
        return text
    }

    /// Decodes case-insensitively, ignoring spaces and trailing `=`; `nil` for other characters.
    static func decode(_ text: String) -> [UInt8]? {
        var digits = Substring(text.uppercased().filter { $0 != " " })
        while digits.last == "=" { digits.removeLast() }
        var bytes: [UInt8] = []
        var buffer = 0
        var bits = 0
        for character in digits.utf8 {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            buffer = (buffer << 5 | value) & 0xFFFF
            bits += 5
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8((buffer >> bits) & 0xFF))
            }
        }
        return bytes
    }
}
