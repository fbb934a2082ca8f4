import Foundation
import Orchestrate
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file a user names is read only when it is a regular file within the limit: a device or a
/// pipe is refused before a byte is read, without waiting on the pipe's writer.
@Suite struct BoundedFileTests {
    private static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "bounded-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aRegularFileWithinTheLimitIsReadWhole() throws {
        let file = try Self.folder().appending(path: "a.json")
        try Data("{\"a\":1}".utf8).write(to: file)
        #expect(try BoundedFile.read(file.path, limit: 7) == Data("{\"a\":1}".utf8))
        #expect(throws: BoundedFile.Refusal.tooLarge(size: 7)) { try BoundedFile.read(file.path, limit: 6) }
    }

    @Test func aLinkToARegularFileIsFollowed() throws {
        let folder = try Self.folder()
        try Data("text".utf8).write(to: folder.appending(path: "real"))
        try FileManager.default.createSymbolicLink(atPath: folder.appending(path: "link").path, withDestinationPath: folder.appending(path: "real").path)
        #expect(try BoundedFile.read(folder.appending(path: "link").path, limit: 10) == Data("text".utf8))
    }

    @Test func aDeviceAPipeAndAFolderAreRefusedUnread() throws {
        #expect(throws: BoundedFile.Refusal.notARegularFile) { try BoundedFile.read("/dev/zero", limit: 10) }
        let folder = try Self.folder()
        #expect(throws: BoundedFile.Refusal.notARegularFile) { try BoundedFile.read(folder.path, limit: 10) }
        let pipe = folder.appending(path: "pipe").path
        #expect(mkfifo(pipe, 0o600) == 0)
        // No writer ever opens the pipe: a read that waited for one would never return.
        #expect(throws: BoundedFile.Refusal.notARegularFile) { try BoundedFile.read(pipe, limit: 10) }
        let link = folder.appending(path: "zero").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/zero")
        #expect(throws: BoundedFile.Refusal.notARegularFile) { try BoundedFile.read(link, limit: 10) }
    }

    @Test func aMissingFileIsSaidAsMissing() {
        #expect(throws: BoundedFile.Refusal.missing) { try BoundedFile.read("/nonexistent/journeyterm", limit: 10) }
    }
}
