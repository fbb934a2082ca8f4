import Foundation

/// Reads AM's `Accept-API-Version` header: comma-separated `name=value` parts such as
/// `resource=2.1, protocol=1.0`, in any order and case, spaces allowed.
enum APIVersion {
    /// The `resource` version asked for, lowercased; `nil` when the header or that part is missing.
    static func resource(in header: String?) -> String? {
        for part in (header ?? "").split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            if pair.count == 2, pair[0] == "resource" { return pair[1] }
        }
        return nil
    }
}
