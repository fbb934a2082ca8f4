import Foundation
import TerminalKit

#if canImport(Glibc)
import Glibc
#endif

/// Runs the app on a terminal until it quits: keys and runtime events go through
/// `AppState.update`, effects to the runtime, and every change is redrawn. The loop waits for
/// keys at most `frameMilliseconds`, so network answers and spinners show promptly.
///
/// With `logs`, the log lines posted there reach the state as `.logged` events.
///
/// With `frameLog`, the wall-clock time of the first frame and each frame's CPU time (update,
/// render and flush to the terminal) are appended to that file (`scripts/measure-ui`).
@MainActor
public func runApp(_ state: inout AppState, on terminal: any TerminalDevice, runtime: AppRuntime,
                   initialEffects: [AppEffect] = [], frameMilliseconds: Int = 40, frameLog: FileHandle? = nil,
                   logs: LogInbox? = nil) {
    runtime.perform(initialEffects, in: state)
    var size = terminal.size
    // Two canvases: one is on the screen (the terminal keeps it to compare the next frame with),
    // the next frame is drawn into the other, then they trade places.
    var frame = Canvas(size: size)
    var shown = Canvas(size: size)
    state.render(into: &frame, size: size)
    terminal.present(frame)
    swap(&frame, &shown)
    frameLog?.write(Data("first-frame-at \(Date().timeIntervalSince1970)\n".utf8))
    let clock = ContinuousClock()
    var lastTick = clock.now
    while !state.wantsToQuit {
        var events = terminal.readKeys(timeoutMilliseconds: frameMilliseconds).map(AppEvent.key) + runtime.drain()
        if let lines = logs?.drain(), !lines.isEmpty { events.append(.logged(lines)) }
        if state.needsTicks, clock.now - lastTick >= .milliseconds(100) {
            events.append(.tick(at: clock.now, date: Date()))
            lastTick = clock.now
        }
        let resized = terminal.size != size
        guard !events.isEmpty || resized else { continue }
        let cpuStart = threadCPUTime()
        size = terminal.size
        for event in events {
            let effects = state.update(event)
            for effect in effects {
                switch effect {
                case .copyToClipboard(let text): terminal.copyToClipboard(text)
                case .repaint: terminal.repaint()
                default: break
                }
            }
            runtime.perform(effects, in: state)
        }
        state.render(into: &frame, size: size)
        terminal.present(frame)
        swap(&frame, &shown)
        if let frameLog {
            let keys = events.filter { if case .key = $0 { true } else { false } }.count
            frameLog.write(Data("frame-cpu-us \((threadCPUTime() - cpuStart).inSeconds * 1e6) keys \(keys) size \(size)\n".utf8))
        }
    }
}

/// CPU time of the calling thread.
private func threadCPUTime() -> Duration {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
}
