import TerminalKit

/// Runs the app on a terminal until it quits: keys and runtime events go through
/// `AppState.update`, effects to the runtime, and every change is redrawn. The loop waits for
/// keys at most `frameMilliseconds`, so network answers and spinners show promptly.
@MainActor
public func runApp(_ state: inout AppState, on terminal: any TerminalDevice, runtime: AppRuntime,
                   initialEffects: [AppEffect] = [], frameMilliseconds: Int = 40) {
    runtime.perform(initialEffects, in: state)
    var size = terminal.size
    terminal.present(state.render(size: size))
    let clock = ContinuousClock()
    var lastTick = clock.now
    while !state.wantsToQuit {
        var events = terminal.readKeys(timeoutMilliseconds: frameMilliseconds).map(AppEvent.key) + runtime.drain()
        if state.needsTicks, clock.now - lastTick >= .milliseconds(100) {
            events.append(.tick(at: clock.now))
            lastTick = clock.now
        }
        let resized = terminal.size != size
        guard !events.isEmpty || resized else { continue }
        size = terminal.size
        for event in events {
            runtime.perform(state.update(event), in: state)
        }
        terminal.present(state.render(size: size))
    }
}
