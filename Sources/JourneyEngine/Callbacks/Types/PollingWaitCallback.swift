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

    public var waitTime: Duration { .milliseconds(waitTimeMilliseconds) }
}
