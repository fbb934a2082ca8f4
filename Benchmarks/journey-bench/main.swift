// journey-bench: the numbers in docs/performance.md.
//
//   swift run -c release journey-bench [engine|ui] [--fixtures DIR] [--journeys N]
//   swift run -c release journey-bench profiles [--profiles 50,200,400,1000,2900]
//   swift run -c release journey-bench map [--map-journeys PATH]
//
// With `engine` or `ui` only that part runs (so the UI's memory is measured in a fresh process);
// `profiles` only the reading of profiles.yaml files of growing size (ProfilesBenchmark.swift);
// `map` only the drawing of journey maps (MapBenchmark.swift).
//
// 1. Step codec: decode + re-encode every AuthTree step of the recorded fixture corpus.
// 2. Whole Login journeys against the in-process demo AM over loopback, with 1 and 32
//    concurrent clients: journeys/s, p50/p99 latency, the engine's own CPU per step (thread CPU
//    time spent in the state machine, answering and the codec, not in the network or server),
//    and the process's peak memory.
// 3. The UI without a terminal: the first full frame (state, first page, layout, drawing),
//    CPU from a key press to a finished 200×60 frame, and memory with 20 tabs open.
import DemoAM
import Foundation
import JourneyApp
import JourneyEngine
import Orchestrate
import TerminalKit

#if canImport(Glibc)
import Glibc
#endif

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}
let fixturesPath = option("--fixtures")
    ?? URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "shared/fixtures/forgerock-ios-sdk/AuthTree").path
let journeysPerRun = Int(option("--journeys") ?? "") ?? 2000

/// CPU time of the calling thread.
func threadCPU() -> Duration {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
}

func peakMemoryMiB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

func format(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }

// MARK: 1. Step codec

func benchmarkCodec() throws {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: fixturesPath)) ?? []
    let bodies: [Data] = try files.sorted().compactMap { name in
        let wrapper = try JSONValue.parse(Data(contentsOf: URL(filePath: fixturesPath).appending(path: name)))
        guard let payload = wrapper["responsePayload"], payload["authId"] != nil else { return nil }
        return payload.encoded()
    }
    guard !bodies.isEmpty else {
        print("codec: no fixtures at \(fixturesPath) (pass --fixtures DIR); skipped")
        return
    }
    let bytes = bodies.reduce(0) { $0 + $1.count }
    for body in bodies { _ = try JourneyStep(json: JSONValue.parse(body)).requestBody.encoded() }
    let rounds = 400
    let clock = ContinuousClock()
    var decodeTime = Duration.zero
    var encodeTime = Duration.zero
    var checksum = 0
    for _ in 0..<rounds {
        for body in bodies {
            let decodeStart = clock.now
            let step = try JourneyStep(json: JSONValue.parse(body))
            let encodeStart = clock.now
            checksum &+= step.requestBody.encoded().count
            let end = clock.now
            decodeTime += encodeStart - decodeStart
            encodeTime += end - encodeStart
        }
    }
    let steps = Double(rounds * bodies.count)
    let total = decodeTime + encodeTime
    let seconds = total.inSeconds
    func perStep(_ duration: Duration) -> String { format(duration.inSeconds / steps * 1e6) }
    print("codec: \(bodies.count) steps (\(bytes) bytes) × \(rounds) rounds")
    print("  decode + re-encode: \(format(steps / seconds, 0)) steps/s (\(format(Double(bytes * rounds) / seconds / 1e6)) MB/s)")
    print("  per step: decode \(perStep(decodeTime)) µs, encode \(perStep(encodeTime)) µs  [checksum \(checksum % 997)]")
}

// MARK: 2. Whole journeys against the demo AM

struct JourneyTiming {
    var latency: Duration
    var engineCPU: Duration
    var steps: Int
}

/// One Login journey driven step by step, timing only the engine's own work.
func runLogin(_ client: JourneyClient, server: ServerConfiguration) async throws -> JourneyTiming {
    let clock = ContinuousClock()
    let started = clock.now
    var engineCPU = Duration.zero
    var steps = 0
    var machine = JourneyMachine(server: server, request: JourneyRequest(.journey("Login"), forceAuth: true))
    var cpuStart = threadCPU()
    var pending = machine.start()
    engineCPU += threadCPU() - cpuStart
    while !pending.isEmpty {
        switch pending.removeFirst() {
        case .send(let request):
            let response = try await client.send(request)
            cpuStart = threadCPU()
            pending += machine.received(response)
            engineCPU += threadCPU() - cpuStart
        case .present(var step):
            cpuStart = threadCPU()
            steps += 1
            try step.callbacks[0].answer(.text("demo"))
            try step.callbacks[1].answer(.text("Demo-pass1"))
            pending = machine.submit(step)
            engineCPU += threadCPU() - cpuStart
        case .succeeded:
            return JourneyTiming(latency: clock.now - started, engineCPU: engineCPU, steps: steps + 1)
        case .failed(let error):
            throw error
        case .schedulePoll:
            fatalError("Login does not poll")
        }
    }
    fatalError("the machine stopped without an outcome")
}

func benchmarkJourneys(concurrency: Int, journeys: Int) async throws {
    var quiet = DemoAMConfiguration(port: 0)
    quiet.journeyTimeout = .seconds(600)
    let demo = try await DemoAM.start(quiet)
    let server = try ServerConfiguration(url: demo.baseURL)
    let clients = (0..<concurrency).map { _ in JourneyClient(server: server) }
    for client in clients { _ = try await runLogin(client, server: server) }  // warm up connections

    let clock = ContinuousClock()
    let started = clock.now
    let timings = try await withThrowingTaskGroup(of: [JourneyTiming].self) { group in
        for (index, client) in clients.enumerated() {
            let share = journeys / concurrency + (index < journeys % concurrency ? 1 : 0)
            group.addTask {
                var results: [JourneyTiming] = []
                for _ in 0..<share { results.append(try await runLogin(client, server: server)) }
                return results
            }
        }
        return try await group.reduce(into: []) { $0 += $1 }
    }
    let elapsed = clock.now - started
    await demo.stop()

    let seconds = elapsed.inSeconds
    let latencies = timings.map(\.latency.inMilliseconds).sorted()
    func percentile(_ p: Double) -> Double { latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))] }
    let totalSteps = timings.reduce(0) { $0 + $1.steps }
    let engine = timings.reduce(Duration.zero) { $0 + $1.engineCPU }
    let engineMicroseconds = engine.inSeconds * 1e6 / Double(totalSteps)
    print("journeys: Login × \(timings.count), \(concurrency) concurrent client(s)")
    print("  \(format(Double(timings.count) / seconds, 0)) journeys/s; latency p50 \(format(percentile(0.5), 2)) ms, p99 \(format(percentile(0.99), 2)) ms")
    print("  engine CPU per step: \(format(engineMicroseconds)) µs (\(totalSteps) steps: 1 page + 1 success each)")
    print("  peak memory so far: \(format(peakMemoryMiB())) MiB")
}

// MARK: 3. The UI

/// Answers every request of a tab straight from the demo AM, as the runtime would.
func settle(_ state: inout AppState, _ effects: [AppEffect], clients: inout [Int: JourneyClient]) async throws {
    var pending = effects
    while !pending.isEmpty {
        guard case .tab(let tabID, .send(let requestID, let request)) = pending.removeFirst() else { continue }
        guard let tab = state.tabs.first(where: { $0.id == tabID }), let server = tab.profile.server else { continue }
        let client = clients[tabID] ?? JourneyClient(server: server)
        clients[tabID] = client
        let response = try await client.send(request)
        pending += state.update(.tab(id: tabID, .responded(requestID: requestID, .success(response))))
    }
}

func benchmarkUI() async throws {
    let demo = try await DemoAM.start(DemoAMConfiguration(port: 0))
    func profile(_ journey: String) throws -> ClientProfile {
        try ClientProfile(name: journey, url: demo.baseURL, request: JourneyRequest(.journey(journey)))
    }
    var clients: [Int: JourneyClient] = [:]

    // First frame: state, the first request answered, the form laid out and drawn at 100×30.
    let clock = ContinuousClock()
    var firstFrames: [Duration] = []
    for _ in 0..<50 {
        let started = clock.now
        var state = AppState(profiles: [], openTabsFor: [try profile("Login")])
        try await settle(&state, state.start(tab: 0), clients: &clients)
        _ = state.render(size: Size(width: 100, height: 30))
        firstFrames.append(clock.now - started)
    }
    firstFrames.sort()
    print("ui: first full frame (state + first page over loopback + layout + drawing, 100×30): median \(format(firstFrames[25].inMilliseconds, 2)) ms, worst \(format(firstFrames.last!.inMilliseconds, 2)) ms")

    // Key press → finished frame, on the Registration page (the largest form), 200×60.
    var state = AppState(profiles: [], openTabsFor: [try profile("Registration")])
    try await settle(&state, state.start(tab: 0), clients: &clients)
    let keys: [KeyEvent] = Array("abcdefghij".map(KeyEvent.character)) + [.backspace, .tab, .backTab]
    let presses = 2000
    let cpuStart = threadCPU()
    var checksum = 0
    for index in 0..<presses {
        _ = state.update(.key(keys[index % keys.count]))
        checksum &+= state.render(size: Size(width: 200, height: 60)).cells.count
    }
    let perKey = (threadCPU() - cpuStart).inSeconds / Double(presses) * 1e6
    print("ui: key press → 200×60 frame: \(format(perKey)) µs CPU per key (Registration page, \(presses) keys) [\(checksum % 7)]")

    // Memory: 20 tabs, each on the Registration page, every tab drawn once.
    let before = peakMemoryMiB()
    var tabs = AppState(profiles: [], openTabsFor: try (0..<20).map { _ in try profile("Registration") })
    for index in tabs.tabs.indices {
        try await settle(&tabs, tabs.start(tab: index), clients: &clients)
        tabs.activeIndex = index
        _ = tabs.render(size: Size(width: 200, height: 60))
    }
    print("ui: 20 tabs on the Registration page: peak \(format(peakMemoryMiB())) MiB RSS for the whole process (\(format(before)) MiB before the tabs; includes the demo AM)")
    await demo.stop()
}

let part = ["engine", "ui", "profiles", "map"].first { arguments.dropFirst().contains($0) }
if part == "map" {
    benchmarkMaps(journeysAt: option("--map-journeys"))
    exit(0)
}
if part == "profiles" {
    try benchmarkProfiles(counts: (option("--profiles") ?? "50,200,400,1000,2900").split(separator: ",").compactMap { Int($0) })
    exit(0)
}
if part != "ui" {
    try benchmarkCodec()
    try await benchmarkJourneys(concurrency: 1, journeys: journeysPerRun / 2)
    try await benchmarkJourneys(concurrency: 32, journeys: journeysPerRun)
}
if part != "engine" {
    try await benchmarkUI()
}
