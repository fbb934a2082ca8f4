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
        let milliseconds = ReadableDuration.whole(inMilliseconds.rounded())
        if milliseconds < 1000 { return "\(milliseconds) ms" }
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(Double(milliseconds) / 1000) s"
    }
}

/// Lengths of time as people read them: "45 s", "59 min 58 s", "2 h", "1 d 3 h".
public enum ReadableDuration {
    /// How long until `deadline`, from `now`: "expires in 4 min 58 s", or "expired 3 s ago".
    public static func until(_ deadline: Date, from now: Date) -> String {
        let left = seconds(from: now, to: deadline)
        return left > 0 ? "expires in \(text(seconds: left))" : "expired \(text(seconds: left)) ago"
    }

    /// Whole seconds from `start` to `end` (rounded down), for any two dates: a gap past what an
    /// `Int` holds is the largest `Int` of its sign.
    public static func seconds(from start: Date, to end: Date) -> Int {
        whole(end.timeIntervalSince(start).rounded(.down))
    }

    /// A whole number as an `Int`, whatever its size: beyond `Int`'s range it is the nearest
    /// end of that range, NaN is 0 (no conversion traps).
    public static func whole(_ value: Double) -> Int {
        guard !value.isNaN else { return 0 }
        if value >= Double(Int.max) { return .max }
        if value <= Double(Int.min) { return .min }
        return Int(value)
    }

    /// The two largest non-zero units of a whole number of seconds (negative values as their
    /// size; every `Int`, `Int.min` included).
    public static func text(seconds: Int) -> String {
        let units: [(String, UInt)] = [("d", 86_400), ("h", 3_600), ("min", 60), ("s", 1)]
        var rest = seconds.magnitude
        var parts: [String] = []
        for (name, size) in units where rest >= size || (name == "s" && parts.isEmpty) {
            parts.append("\(rest / size) \(name)")
            rest %= size
            if parts.count == 2 || rest == 0 { break }
        }
        return parts.joined(separator: " ")
    }
}
