import Foundation
import FuzzTargets
import Testing

/// The CI smoke run of every fuzz target (the long libFuzzer runs are in docs/reliability.md):
/// its seeds, the recorded AM responses for the step decoder, and 3,000 mutations of them from a
/// fixed seed, so a run is the same every time; then the demo AM's answers and their mutations. A crash fails the whole test process, loudly.
struct FuzzSmokeTests {
    static let fixtures: URL? = {
        let folder = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appending(path: "shared/fixtures/forgerock-ios-sdk/AuthTree")
        guard FileManager.default.fileExists(atPath: folder.path) else {
            print("FuzzSmokeTests: ../shared/fixtures is absent; the step decoder runs on its own seeds only")
            return nil
        }
        return folder
    }()

    @Test(arguments: FuzzTarget.all.map(\.name))
    func seedsAndMutationsRunWithoutACrash(_ name: String) async throws {
        let target = try #require(FuzzTarget.named(name))
        let seeds = target.seeds(withFixturesIn: Self.fixtures)
        #expect(!seeds.isEmpty)
        var mutator = Mutator(seed: UInt64(truncatingIfNeeded: name.utf8.reduce(5381) { $0 &* 33 &+ Int($1) }))
        let inputs = seeds + (0..<3000).map { _ in mutator.mutate(seeds) }
        #expect(await Self.run(target, inputs) == seeds.count + 3000)
    }

    /// The demo AM's own answers, captured over loopback (`DemoAMSeeds`), and 500 mutations of
    /// them for each target that reads a server. With `JOURNEY_FUZZ_CORPUS=DIR` set, the answers
    /// are also written to `DIR/TARGET/demo-N`: `scripts/fuzz` starts from them (docs/reliability.md).
    @Test func demoAMAnswersAndTheirMutationsRunWithoutACrash() async throws {
        let captured = try await DemoAMSeeds.capture()
        #expect(Set(captured.keys) == ["step", "set-cookie", "www-authenticate", "ig-header", "ig-redirect", "advice-xml", "rest-advice"])
        let corpus = ProcessInfo.processInfo.environment["JOURNEY_FUZZ_CORPUS"]
        for (name, seeds) in captured.sorted(by: { $0.key < $1.key }) {
            let target = try #require(FuzzTarget.named(name))
            var mutator = Mutator(seed: UInt64(seeds.count))
            let inputs = seeds + (0..<500).map { _ in mutator.mutate(seeds) }
            #expect(await Self.run(target, inputs) == seeds.count + 500)
            guard let corpus else { continue }
            let folder = "\(corpus)/\(name)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for (index, seed) in seeds.enumerated() { _ = FileManager.default.createFile(atPath: "\(folder)/demo-\(index)", contents: seed) }
        }
    }

    /// Runs the inputs through the target on a thread of its own: a target may wait for async
    /// work (the import readers), which must not block the test's cooperative threads.
    static func run(_ target: FuzzTarget, _ inputs: [Data]) async -> Int {
        await withCheckedContinuation { (done: CheckedContinuation<Int, Never>) in
            Thread.detachNewThread {
                for input in inputs { target.run(input) }
                done.resume(returning: inputs.count)
            }
        }
    }
}

/// Deterministic byte mutations in the spirit of libFuzzer's: flips, truncations, insertions of
/// bytes that parsers care about, repeats and splices of two seeds.
struct Mutator {
    private var state: UInt64
    private static let interesting: [UInt8] = Array("\"\\{}[],:<>/=;%&?\n\r\t \0".utf8) + [0x1B, 0x80, 0xC3, 0xFE, 0xFF]

    init(seed: UInt64) { state = seed | 1 }

    private mutating func next(_ bound: Int) -> Int {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return bound <= 0 ? 0 : Int(state % UInt64(bound))
    }

    mutating func mutate(_ seeds: [Data]) -> Data {
        var bytes = [UInt8](seeds[next(seeds.count)])
        for _ in 0...next(4) {
            let at = next(bytes.count + 1)
            switch next(6) {
            case 0 where !bytes.isEmpty: bytes[min(at, bytes.count - 1)] ^= UInt8(1 << next(8))
            case 1: bytes = Array(bytes.prefix(at))
            case 2: bytes.insert(Self.interesting[next(Self.interesting.count)], at: at)
            case 3 where at < bytes.count: bytes.remove(at: at)
            case 4: bytes.insert(contentsOf: bytes[at...].prefix(next(16)), at: at)
            default:
                let other = [UInt8](seeds[next(seeds.count)])
                bytes = Array(bytes.prefix(at)) + other.suffix(next(other.count + 1))
            }
        }
        return Data(bytes)
    }
}
