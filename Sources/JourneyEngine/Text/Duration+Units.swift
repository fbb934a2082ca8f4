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
