import Orchestrate
import Synchronization

/// Runs a ``LoadScenario`` by a ``LoadPlan``: starts the virtual users, hands out iterations until
/// the plan's duration or iteration count, records each result, and closes an interval every
/// `plan.interval`. Cancelling the task that runs it (Ctrl-C) stops the iterations in flight;
/// `run` then still returns what was measured, marked interrupted.
public struct LoadRunner: Sendable {
    public let plan: LoadPlan
    public let scenario: any LoadScenario
    public let recorder: LoadRecorder

    public init(plan: LoadPlan, scenario: any LoadScenario, recorder: LoadRecorder = LoadRecorder()) {
        self.plan = plan
        self.scenario = scenario
        self.recorder = recorder
    }

    /// Runs the plan to its end; `onInterval` hears each interval as it closes.
    public func run(onInterval: @escaping @Sendable (IntervalReport) -> Void = { _ in }) async -> LoadSummary {
        let tickets = IterationTickets(limit: { if case .iterations(let count) = plan.stop { count } else { nil } }())
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [plan, recorder] in
                while true {
                    do { try await Task.sleep(for: plan.interval) } catch { return }
                    onInterval(recorder.closeInterval())
                }
            }
            if case .duration(let duration) = plan.stop {
                group.addTask { try? await Task.sleep(for: duration) }
            }
            group.addTask {
                if let rate = plan.rate {
                    await runOpen(rate: rate, tickets: tickets)
                } else {
                    await runClosed(tickets: tickets)
                }
            }
            // The deadline or the last iteration, whichever comes first, ends the run.
            _ = await group.next()
            group.cancelAll()
        }
        let interrupted = Task.isCancelled
        onInterval(recorder.closeInterval())
        return recorder.summary(interrupted: interrupted)
    }

    /// Closed model: each virtual user runs iterations back to back, on its event loop
    /// (``EventLoopTaskExecutor``).
    private func runClosed(tickets: IterationTickets) async {
        let pacing = StepPacing(thinkTime: plan.thinkTime)
        await withDiscardingTaskGroup { group in
            for number in 0..<plan.users {
                if number > 0, let spawnRate = plan.spawnRate {
                    do { try await Task.sleep(for: .seconds(1 / spawnRate)) } catch { break }
                }
                guard !Task.isCancelled, !tickets.isExhausted else { break }
                group.addTask(executorPreference: EventLoopTaskExecutor.forUser(number)) { [scenario, recorder, plan] in
                    let user = scenario.makeVirtualUser(number: number)
                    recorder.userStarted()
                    defer { recorder.userStopped() }
                    while !Task.isCancelled, let iteration = tickets.take() {
                        let result = await user.runIteration(
                            variables: plan.cases.variables(user: number, iteration: iteration), pacing: pacing)
                        recorder.record(result)
                    }
                }
            }
        }
    }

    /// Open model: an iteration starts every 1/rate seconds, on a free virtual user. Its task is
    /// discarded when it ends (a task group keeps an ended child until it is awaited).
    private func runOpen(rate: Double, tickets: IterationTickets) async {
        let pacing = StepPacing(thinkTime: plan.thinkTime)
        let pool = VirtualUserPool(scenario: scenario, capacity: plan.users)
        let clock = ContinuousClock()
        let period = Duration.seconds(1 / rate)
        var due = clock.now
        await withDiscardingTaskGroup { group in
            while let iteration = tickets.take() {
                do { try await clock.sleep(until: due) } catch { break }
                due += period
                guard let (number, user) = pool.acquire() else {
                    recorder.recordDropped()
                    continue
                }
                group.addTask(executorPreference: EventLoopTaskExecutor.forUser(number)) { [recorder, plan] in
                    recorder.userStarted()
                    let result = await user.runIteration(
                        variables: plan.cases.variables(user: number, iteration: iteration), pacing: pacing)
                    recorder.record(result)
                    recorder.userStopped()
                    pool.release(number)
                }
            }
        }
    }
}

/// Hands out iteration numbers until the plan's count (or forever, for a duration).
final class IterationTickets: Sendable {
    private let next = Mutex(0)
    private let limit: Int?

    init(limit: Int?) {
        self.limit = limit
    }

    /// The next iteration's number, or nil when all were handed out.
    func take() -> Int? {
        next.withLock { next in
            if let limit, next >= limit { return nil }
            defer { next += 1 }
            return next
        }
    }

    var isExhausted: Bool {
        guard let limit else { return false }
        return next.withLock { $0 >= limit }
    }
}

/// Open model: virtual users made as they are first needed, up to the plan's count, each busy
/// with one iteration at a time.
final class VirtualUserPool: Sendable {
    private struct State {
        var users: [any VirtualUser] = []
        var free: [Int] = []
    }

    private let state = Mutex(State())
    private let scenario: any LoadScenario
    private let capacity: Int

    init(scenario: any LoadScenario, capacity: Int) {
        self.scenario = scenario
        self.capacity = capacity
    }

    /// A free virtual user and its number, or nil when all are busy.
    func acquire() -> (Int, any VirtualUser)? {
        state.withLock { state in
            if let number = state.free.popLast() { return (number, state.users[number]) }
            guard state.users.count < capacity else { return nil }
            state.users.append(scenario.makeVirtualUser(number: state.users.count))
            return (state.users.count - 1, state.users[state.users.count - 1])
        }
    }

    func release(_ number: Int) {
        state.withLock { $0.free.append(number) }
    }
}
