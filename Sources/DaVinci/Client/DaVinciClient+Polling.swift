import Orchestrate

extension DaVinciClient {
    /// Waits on the polling form `step` as the SDKs do (``DaVinciFlow/nextPoll(of:)``) and
    /// returns the request that answers it: the form submitted again after each wait (continue
    /// polling), or once the challenge's status, asked every interval, is complete (challenge
    /// polling). `progress` is told before each wait. Waiting is `Task.sleep`: cancelling the
    /// task ends it (`DaVinciError.cancelled`).
    nonisolated(nonsending) public func poll(
        _ step: DaVinciStep, flow: inout DaVinciFlow, progress: (PollProgress) async -> Void
    ) async throws(DaVinciError) -> HTTPRequest {
        var action = flow.nextPoll(of: step)
        while true {
            switch action {
            case .wait(let poll):
                await progress(poll)
                do {
                    try await Task.sleep(for: poll.interval)
                } catch {
                    throw .cancelled
                }
                action = flow.afterWait(on: step)
            case .askStatus(let request):
                action = flow.challengeAnswered(try await send(request), on: step)
            case .submit(let request):
                return request
            case .failed(let error):
                throw error
            }
        }
    }
}
