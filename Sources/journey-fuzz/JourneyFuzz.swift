import CLibFuzzer
import Foundation
import FuzzTargets

/// The target libFuzzer drives, chosen before the driver starts (its callback is a C function
/// and cannot carry context).
nonisolated(unsafe) private var selected: FuzzTarget?

/// `journey-fuzz TARGET [libFuzzer options] [CORPUS…]` built by `scripts/fuzz` with libFuzzer:
/// fuzzes one parser. Built normally (`swift build`), `journey-fuzz TARGET FILE…` runs files
/// through the target instead, to reproduce a crash without the sanitizers; `--list` names the
/// targets and `TARGET --write-seeds DIR [FIXTURES]` writes a starting corpus. See
/// docs/reliability.md.
@main
enum JourneyFuzz {
    static func main() {
        var arguments = CommandLine.arguments
        if arguments.dropFirst().first == "--list" {
            for target in FuzzTarget.all { print("\(target.name.padding(toLength: 18, withPad: " ", startingAt: 0)) \(target.summary)") }
            return
        }
        // libFuzzer's -fork=N runs this program again for each job with its own options only: the
        // target comes to those runs through the environment.
        let named = arguments.count >= 2 ? FuzzTarget.named(arguments[1]) : nil
        guard let target = named ?? ProcessInfo.processInfo.environment[Self.targetVariable].flatMap(FuzzTarget.named) else {
            FileHandle.standardError.write(Data("usage: journey-fuzz TARGET [options] [FILE|DIR…] (journey-fuzz --list names the targets)\n".utf8))
            exit(64)
        }
        if named != nil { arguments.remove(at: 1) }
        setenv(Self.targetVariable, target.name, 1)
        if arguments.count >= 3, arguments[1] == "--write-seeds" {
            writeSeeds(of: target, to: arguments[2], fixtures: arguments.count > 3 ? URL(filePath: arguments[3]) : nil)
            return
        }
        #if FUZZING
        selected = target
        if !arguments.contains(where: { $0.hasPrefix("-max_len=") }) {
            arguments.insert("-max_len=\(target.maxInputLength)", at: 1)
        }
        var count = CInt(arguments.count)
        var strings: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let status = strings.withUnsafeMutableBufferPointer { buffer in
            var vector = buffer.baseAddress
            return LLVMFuzzerRunDriver(&count, &vector) { bytes, size in
                selected?.run(bytes.map { Data(bytes: $0, count: size) } ?? Data())
                return 0
            }
        }
        exit(status)
        #else
        replay(target, arguments.dropFirst().filter { !$0.hasPrefix("-") })
        #endif
    }

    /// The target of a `-fork` job (set for the jobs by the run that starts them).
    static let targetVariable = "JOURNEY_FUZZ_TARGET"

    /// `--write-seeds DIR [FIXTURES]`: the target's seeds as files in DIR, a corpus to start from.
    static func writeSeeds(of target: FuzzTarget, to folder: String, fixtures: URL?) {
        let seeds = target.seeds(withFixturesIn: fixtures.flatMap { FileManager.default.fileExists(atPath: $0.path) ? $0 : nil })
        for (index, seed) in seeds.enumerated() {
            _ = FileManager.default.createFile(atPath: "\(folder)/seed-\(index)", contents: seed)
        }
        print("\(target.name): \(seeds.count) seed(s) in \(folder)")
    }

    /// Runs every file given, and every file in the folders given, through the target.
    static func replay(_ target: FuzzTarget, _ paths: some Collection<String>) {
        var files = 0
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            let names = isFolder.boolValue ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).map { "\(path)/\($0)" } : [path]
            for name in names {
                guard let data = FileManager.default.contents(atPath: name) else { continue }
                target.run(data)
                files += 1
            }
        }
        print("\(target.name): \(files) input(s) run without a crash")
    }
}
