extension Duration {
    /// Milliseconds as a number, for reports and JSON.
    public var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }

    /// `142 ms` below a second, `2.31 s` from there.
    public var shortText: String {
        let ms = milliseconds
        if ms < 1000 { return "\(Int(ms.rounded())) ms" }
        return "\((ms / 10).rounded() / 100) s"
    }
}
