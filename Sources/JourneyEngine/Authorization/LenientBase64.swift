import Foundation

/// Base64 as gateways and SDKs write it: the standard or the URL-safe alphabet, with, without
/// or with cut-off `=` padding (the iOS and Android SDKs split header parameters on `=`).
/// A space is read as `+`, which form decoding of a query turns into a space; line breaks and
/// tabs are skipped.
enum LenientBase64 {
    static func decode(_ text: String) -> Data? {
        var characters: [UInt8] = []
        characters.reserveCapacity(text.utf8.count + 3)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "-"), UInt8(ascii: " "): characters.append(UInt8(ascii: "+"))
            case UInt8(ascii: "_"): characters.append(UInt8(ascii: "/"))
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): continue
            default: characters.append(byte)
            }
        }
        while characters.last == UInt8(ascii: "=") { characters.removeLast() }
        guard !characters.isEmpty, characters.count % 4 != 1 else { return nil }
        while characters.count % 4 != 0 { characters.append(UInt8(ascii: "=")) }
        return Data(base64Encoded: Data(characters))
    }
}
