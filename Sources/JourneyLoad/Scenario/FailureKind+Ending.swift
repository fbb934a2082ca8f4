import JourneyTesting

extension FailureKind {
    /// The kind a load run counts an ending as; nil for a success, and for an ending no kind
    /// names (a protocol fault: the caller says what it was).
    public init?(_ ending: CaseEnding) {
        switch ending {
        case .success, .error: return nil
        case .refused, .expired: self = .amFailure
        case .httpStatus(let status, _): self = .httpStatus(status)
        case .timedOut: self = .timeout
        case .connection: self = .connection
        }
    }
}
