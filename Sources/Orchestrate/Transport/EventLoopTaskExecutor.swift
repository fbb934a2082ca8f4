import AsyncHTTPClient
import NIOCore

/// Runs a task's jobs on one of the HTTP client's event loops. A load run's virtual user works
/// on the loop that carries its connections: the request goes out and its answer resumes the
/// user on the same thread, where otherwise every exchange crossed from Swift's thread pool to
/// the loop and back (two thread wake-ups a request, the largest cost of a load run's client).
public final class EventLoopTaskExecutor: TaskExecutor {
    private let loop: any EventLoop

    private init(loop: any EventLoop) {
        self.loop = loop
    }

    /// One executor for each of the HTTP client's event loops.
    private static let all: [EventLoopTaskExecutor] = HTTPClient.defaultEventLoopGroup.makeIterator().map(EventLoopTaskExecutor.init)

    /// The executor for virtual user `number`: users are spread over the loops in turn.
    public static func forUser(_ number: Int) -> EventLoopTaskExecutor {
        all[number % all.count]
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
