import Foundation
import Orchestrate
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct StorageFileRecordStoreTests {
    let owner = StorageTestSupport.serverA

    @Test func folderIs0700AndFilesAre0600() throws {
        try StorageTestSupport.withTemporaryFolder { root in
            let folder = root.appending(path: "state/journeyterm", directoryHint: .isDirectory)
            let store = try FileRecordStore(folder: folder)
            #expect(StorageTestSupport.permissions(folder.path) == 0o700)
            try TypedStore<String>(name: "session", role: .session, backend: store).save("sso", for: owner)
            #expect(StorageTestSupport.permissions(folder.appending(path: "session.json").path) == 0o600)
            #expect(StorageTestSupport.permissions(folder.appending(path: "session.lock").path) == 0o600)
            #expect(try StorageTestSupport.entries(folder) == ["session.json", "session.lock"])
        }
    }

    @Test func aFolderOthersCanReadIsTightened() throws {
        try StorageTestSupport.withTemporaryFolder { root in
            let folder = root.appending(path: "journeyterm", directoryHint: .isDirectory)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            #expect(chmod(folder.path, 0o755) == 0)
            #expect(StorageTestSupport.permissions(folder.path) == 0o755)
            _ = try FileRecordStore(folder: folder)
            #expect(StorageTestSupport.permissions(folder.path) == 0o700)
        }
    }

    @Test func aFileWhereTheFolderShouldBeIsReported() throws {
        try StorageTestSupport.withTemporaryFolder { root in
            let path = root.appending(path: "journeyterm")
            try Data("x".utf8).write(to: path)
            let error = #expect(throws: StoreError.self) { try FileRecordStore(folder: path) }
            guard case .cannotCreateFolder(path.path, _) = error else {
                Issue.record("expected cannotCreateFolder, got \(String(describing: error))")
                return
            }
        }
    }

    @Test func aCorruptFileIsSetAsideAndReported() throws {
        try StorageTestSupport.withTemporaryFolder { folder in
            let store = try FileRecordStore(folder: folder)
            let path = folder.appending(path: "tokens.json").path
            let garbage = Data("{\"owner\": not json \u{1b}[31m".utf8)
            try garbage.write(to: URL(filePath: path))

            let error = #expect(throws: StoreError.self) { try store.read("tokens") }
            guard case .corrupt(path, let movedTo) = error else {
                Issue.record("expected corrupt, got \(String(describing: error))")
                return
            }
            #expect(URL(filePath: movedTo).deletingLastPathComponent().path == folder.path)
            #expect(URL(filePath: movedTo).lastPathComponent.wholeMatch(of: #/tokens\.corrupt-\d{8}T\d{6}Z/#) != nil)
            #expect(FileManager.default.contents(atPath: movedTo) == garbage)
            #expect(!FileManager.default.fileExists(atPath: path))
            #expect(error?.description.contains(movedTo) == true)
            #expect(try store.read("tokens") == nil)
        }
    }

    @Test func jsonOfTheWrongShapeIsCorruptToo() throws {
        try StorageTestSupport.withTemporaryFolder { folder in
            let store = try FileRecordStore(folder: folder)
            for (index, text) in ["{\"owner\": 1}", "[]", "null", ""].enumerated() {
                let name = "store\(index)"
                try Data(text.utf8).write(to: folder.appending(path: "\(name).json"))
                #expect(throws: StoreError.self) { try store.read(name) }
                #expect(try store.read(name) == nil)
            }
        }
    }

    @Test func aWriteSetsACorruptFileAsideInsteadOfOverwritingIt() throws {
        try StorageTestSupport.withTemporaryFolder { folder in
            let store = try FileRecordStore(folder: folder)
            let garbage = Data("garbage".utf8)
            try garbage.write(to: folder.appending(path: "session.json"))
            let session = TypedStore<String>(name: "session", role: .session, backend: store)
            try session.save("fresh", for: owner)
            #expect(try session.load(for: owner) == "fresh")
            let asides = try StorageTestSupport.entries(folder).filter { $0.hasPrefix("session.corrupt-") }
            #expect(asides.count == 1)
            #expect(FileManager.default.contents(atPath: folder.appending(path: asides[0]).path) == garbage)
        }
    }

    /// A write replaces the file by rename, never in place: a reader that opened the old file
    /// keeps reading the complete old record.
    @Test func aWriteReplacesTheFileInsteadOfRewritingIt() throws {
        try StorageTestSupport.withTemporaryFolder { folder in
            let store = try FileRecordStore(folder: folder)
            let tokens = TypedStore<String>(name: "tokens", role: .tokens, backend: store)
            let old = String(repeating: "old.", count: 50_000)
            try tokens.save(old, for: owner)
            let path = folder.appending(path: "tokens.json").path
            let oldBytes = try #require(FileManager.default.contents(atPath: path))
            let reader = try #require(FileHandle(forReadingAtPath: path))
            defer { try? reader.close() }

            try tokens.save("new", for: owner)
            #expect(try reader.readToEnd() == oldBytes)
            #expect(try tokens.load(for: owner) == "new")
        }
    }

    /// A writer that died before its rename leaves a temporary: readers never see it, and the
    /// next write (which holds the lock, so no live writer owns a temporary) removes it.
    @Test func aDeadWritersTemporaryIsIgnoredThenRemoved() throws {
        try StorageTestSupport.withTemporaryFolder { folder in
            let store = try FileRecordStore(folder: folder)
            let tokens = TypedStore<String>(name: "tokens", role: .tokens, backend: store)
            try tokens.save("old", for: owner)
            let temporary = folder.appending(path: ".tokens.json.tmp-99999-dead")
            try Data("{\"owner\":{\"serverURL\":\"http://evil".utf8).write(to: temporary)

            #expect(try tokens.load(for: owner) == "old")
            try tokens.save("new", for: owner)
            #expect(try tokens.load(for: owner) == "new")
            #expect(try StorageTestSupport.entries(folder) == ["tokens.json", "tokens.lock"])
        }
    }

    @Test func recordsRoundTripExactlyThroughFiles() throws {
        try StorageTestSupport.withTemporaryFolder { folder in
            let store = try FileRecordStore(folder: folder)
            let record = StoredRecord(owner: StoreOwner(serverURL: "http://127.0.0.1:8180/am", realm: "/", clientId: nil),
                                      updated: Date(timeIntervalSinceReferenceDate: 800_000_000.123_456),
                                      payload: Data("{\"cookies\":[]}".utf8))
            try store.write(record, to: "cookies-work")
            #expect(try FileRecordStore(folder: folder).read("cookies-work") == record)
            try store.delete("cookies-work")
            #expect(try store.read("cookies-work") == nil)
        }
    }

    @Test func defaultFolderHonoursXDGStateHome() {
        #expect(FileRecordStore.defaultFolder(environment: ["XDG_STATE_HOME": "/var/x/state", "HOME": "/home/u"]).path
            == "/var/x/state/journeyterm")
        for environment in [["HOME": "/home/u"], ["XDG_STATE_HOME": "relative/state", "HOME": "/home/u"], ["XDG_STATE_HOME": "", "HOME": "/home/u"]] {
            #expect(FileRecordStore.defaultFolder(environment: environment).path == "/home/u/.local/state/journeyterm")
        }
    }
}
