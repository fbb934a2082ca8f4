import Foundation
import HARReplay
import Logging
import Testing

/// A file that is not a HAR to replay is refused, naming the file and what is wrong.
struct HARArchiveTests {
    private func problem(_ text: String) async -> String {
        do {
            let server = try await ReplayServer.start(har: Data(text.utf8), named: "broken.har", port: 0, logger: Logger(label: "replay"))
            await server.stop()
            return "started"
        } catch {
            return error.description
        }
    }

    @Test func notJSON() async {
        #expect(await problem("<html>") == "broken.har cannot be replayed: it is not JSON")
    }

    @Test func aMissingMemberIsNamedWithItsPlace() async {
        let text = #"{"log":{"entries":[{"request":{"method":"GET"},"response":{"status":200,"headers":[],"content":{}}}]}}"#
        #expect(await problem(text) == #"broken.har cannot be replayed: log.entries[0].request: "url" is missing (is it a HAR 1.2 file?)"#)
    }

    @Test func noAnsweredExchange() async {
        let text = #"{"log":{"entries":[{"request":{"method":"GET","url":"http://h/am/json"},"response":{"status":0,"headers":[],"content":{}}}]}}"#
        #expect(await problem(text) == "broken.har cannot be replayed: it holds no answered exchange to replay")
    }

    @Test func aFileThatCannotBeRead() async {
        do {
            _ = try await ReplayServer.start(file: "/nonexistent/run.har", port: 0, logger: Logger(label: "replay"))
            Issue.record("started")
        } catch {
            #expect(error.description.hasPrefix("cannot read /nonexistent/run.har: "))
        }
    }
}
