import Foundation

extension Date {
    /// Milliseconds since 1970, as AM's nodes keep times in the journey's state.
    var millisecondsSince1970: Int { Int(timeIntervalSince1970 * 1000) }
}
