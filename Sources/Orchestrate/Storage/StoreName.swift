/// The rules for store and instance names: they become file names, so only a small safe
/// alphabet is accepted and nothing can reach outside the store folder.
enum StoreName {
    static let maximumLength = 80

    /// 1–80 of `A-Z a-z 0-9 . _ -`, not starting with '.'.
    static func validate(_ name: String) throws(StoreError) {
        guard (1...maximumLength).contains(name.utf8.count), !name.hasPrefix("."), isSafe(name) else {
            throw .invalidName(name)
        }
    }

    static func isSafe(_ name: String) -> Bool {
        name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                true
            default:
                false
            }
        }
    }
}
