import Foundation
import Orchestrate
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writers in other processes and on other threads.
struct StorageProcessTests {
    let owner = StorageTestSupport.serverA

    static let python3Available = (ProcessInfo.processInfo.environment["PATH"] ?? "")
        .split(separator: ":")
        .contains { FileManager.default.isExecutableFile(atPath: "\($0)/python3") }

    /// A writer following FileRecordStore's protocol (flock on `<name>.lock`, then a 0600
    /// temporary `.<name>.json.tmp-<pid>-<id>`) that writes a big record slowly and never finishes.
    static let slowWriter = """
        import fcntl, os, sys, time
        folder, name = sys.argv[1], sys.argv[2]
        lock = os.open(os.path.join(folder, name + ".lock"), os.O_RDONLY | os.O_CREAT, 0o600)
        fcntl.flock(lock, fcntl.LOCK_EX)
        temporary = os.path.join(folder, ".%s.json.tmp-%d-child" % (name, os.getpid()))
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        os.write(fd, b'{"owner":{"realm":"/alpha","serverURL":"http://127.0.0.1:8180/am"},"payload":"' + b"A" * 65536)
        print(os.getpid(), flush=True)
        for _ in range(3000):
            os.write(fd, b"A" * 1024)
            time.sleep(0.01)
        """

    /// A real process holds the lock and is SIGKILLed halfway through a big write: the old
    /// record stays readable throughout, the kernel releases the lock, and the next write
    /// removes the dead writer's temporary.
    @Test(.enabled(if: python3Available, "python3 is not on PATH"), .timeLimit(.minutes(1)))
    func aWriterKilledMidWriteLeavesTheOldRecordIntact() throws {
        try StorageTestSupport.withTemporaryFolder { folder in
            let store = try FileRecordStore(folder: folder)
            let tokens = TypedStore<String>(name: "tokens", role: .tokens, backend: store)
            let old = String(repeating: "old-token.", count: 1000)
            try tokens.save(old, for: owner)

            let child = Process()
            child.executableURL = URL(filePath: "/usr/bin/env")
            child.arguments = ["python3", "-c", Self.slowWriter, folder.path, "tokens"]
            let output = Pipe()
            child.standardOutput = output
            try child.run()
            defer {
                if child.isRunning { kill(child.processIdentifier, SIGKILL) }
                child.waitUntilExit()
            }
            let pid = try #require(Int32(Self.firstLine(of: output.fileHandleForReading)))
            defer { kill(pid, SIGKILL) }

            // Mid-write: the partial temporary exists, readers still get the old record.
            let temporary = folder.appending(path: ".tokens.json.tmp-\(pid)-child").path
            #expect(try tokens.load(for: owner) == old)
            let partialSize = try FileManager.default.attributesOfItem(atPath: temporary)[.size] as? Int ?? 0
            #expect(partialSize > 65536)

            // A locked read-modify-write here waits for the child's lock...
            let finished = DispatchSemaphore(value: 0)
            let seen = Handoff<Result<String?, StoreError>>()
            Thread.detachNewThread {
                seen.set(Result { () throws(StoreError) in
                    try store.withLock("tokens") { () throws(StoreError) in try tokens.load(for: StorageTestSupport.serverA) }
                })
                finished.signal()
            }
            let waitedForTheChild = finished.wait(timeout: .now() + 0.3) == .timedOut
            #expect(waitedForTheChild, "the lock did not wait for the other process")

            // ...until the child dies mid-write; then it reads the old record, intact.
            #expect(kill(pid, SIGKILL) == 0)
            if waitedForTheChild { #expect(finished.wait(timeout: .now() + 20) == .success) }
            #expect(try seen.current?.get() == old)
            #expect(FileManager.default.fileExists(atPath: temporary))

            try tokens.save("new", for: owner)
            #expect(try tokens.load(for: owner) == "new")
            #expect(!FileManager.default.fileExists(atPath: temporary))
        }
    }

    /// flock belongs to an open file description and every `withLock` opens the lock file anew,
    /// so two store values on many threads exclude each other as two processes would.
    @Test(.timeLimit(.minutes(1)))
    func twoStoresIncrementingOneCounterLoseNoUpdate() throws {
        try StorageTestSupport.withTemporaryFolder { folder in
            let stores = [try FileRecordStore(folder: folder), try FileRecordStore(folder: folder)]
            let threads = 8
            let increments = 25
            let done = DispatchGroup()
            let failure = Handoff<StoreError>()
            for index in 0..<threads {
                done.enter()
                Thread.detachNewThread {
                    defer { done.leave() }
                    let store = stores[index % stores.count]
                    let counter = TypedStore<Int>(name: "counter", role: .tokens, backend: store)
                    for _ in 0..<increments {
                        do throws(StoreError) {
                            try store.withLock("counter") { () throws(StoreError) in
                                let value = try counter.load(for: StorageTestSupport.serverA) ?? 0
                                try counter.save(value + 1, for: StorageTestSupport.serverA)
                            }
                        } catch {
                            failure.set(error)
                        }
                    }
                }
            }
            #expect(done.wait(timeout: .now() + 50) == .success)
            #expect(failure.current == nil)
            #expect(try TypedStore<Int>(name: "counter", role: .tokens, backend: stores[0]).load(for: owner) == threads * increments)
            #expect(try StorageTestSupport.entries(folder) == ["counter.json", "counter.lock"])
        }
    }

    /// The first line the child prints (its pid), or "" when it exits first.
    private static func firstLine(of handle: FileHandle) -> String {
        var bytes = Data()
        while !bytes.contains(UInt8(ascii: "\n")) {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            bytes.append(chunk)
        }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
    }
}
