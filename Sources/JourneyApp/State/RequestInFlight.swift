/// A request a tab's client has in flight, whichever protocol it speaks: the runtime reports its
/// answer under `requestID`, and `purpose` decides how that answer is shown.
public struct RequestInFlight: Sendable, Equatable {
    public let requestID: Int
    public let purpose: Purpose
    /// The spinner's frame, advanced by each tick.
    public var spinnerFrame = 0

    /// Why a request was sent.
    public enum Purpose: Sendable, Equatable {
        /// Reading the tab's stored instance (a journey tab's session checked with AM; a DaVinci
        /// tab's environment discovered) before it starts.
        case open
        case start, submit
        /// A journey's `validateOnly` check; the page stays editable meanwhile.
        case validate
        /// A journey's PollingWait page, sent again.
        case poll
        /// A DaVinci flow's code is being exchanged for tokens.
        case exchange
    }

    public init(requestID: Int, purpose: Purpose) {
        self.requestID = requestID
        self.purpose = purpose
    }
}

/// Hands out the ids requests are sent and answered under, each once in the app.
struct RequestIDs: Sendable {
    private var next = 1

    mutating func make() -> Int {
        defer { next += 1 }
        return next
    }
}
