import Foundation

extension Duration {
    /// The duration in seconds, as a floating-point number.
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// The duration in milliseconds, as a floating-point number.
    public var inMilliseconds: Double { inSeconds * 1000 }

    /// For people: "250 ms", "1 s", "1.5 s".
    public var spoken: String {
        let milliseconds = Int(inMilliseconds.rounded())
        if milliseconds < 1000 { return "\(milliseconds) ms" }
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(Double(milliseconds) / 1000) s"
    }
}

/// Lengths of time as people read them: "45 s", "59 min 58 s", "2 h", "1 d 3 h".
public enum ReadableDuration {
    /// How long until `deadline`, from `now`: "expires in 4 min 58 s", or "expired 3 s ago".
    public static func until(_ deadline: Date, from now: Date) -> String {
        let left = Int(deadline.timeIntervalSince(now).rounded(.down))
        return left > 0 ? "expires in \(text(seconds: left))" : "expired \(text(seconds: left)) ago"
    }

    /// The two largest non-zero units of a whole number of seconds (negative values as their size).
    public static func text(seconds: Int) -> String {
        let units: [(String, Int)] = [("d", 86_400), ("h", 3_600), ("min", 60), ("s", 1)]
        var rest = abs(seconds)
        var parts: [String] = []
        for (name, size) in units where rest >= size || (name == "s" && parts.isEmpty) {
            parts.append("\(rest / size) \(name)")
            rest %= size
            if parts.count == 2 || rest == 0 { break }
        }
        return parts.joined(separator: " ")
    }
}
