/// `PollingWaitCallback`: wait `waitTime` then resubmit the step unchanged.
public struct PollingWaitCallback: Sendable, Hashable {
    /// Milliseconds, sent by AM as a string of digits.
    public let waitTimeMilliseconds: Int
    public let message: String

    init(_ outputs: CallbackOutputs) throws(CallbackDecodingError) {
        guard let milliseconds = outputs.int("waitTime"), milliseconds >= 0 else {
            throw .invalidOutput("waitTime", expected: "a number of milliseconds")
        }
        waitTimeMilliseconds = milliseconds
        message = outputs.string("message") ?? ""
    }

    /// The wait actually used: AM's value kept between a quarter second (no request storms)
    /// and five minutes (a bad value never stalls the journey).
    public var waitTime: Duration { .milliseconds(min(max(waitTimeMilliseconds, 250), 300_000)) }
}
