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

    /// One answered entry with `request` and `response` members as given.
    private func entry(method: String = "GET", status: String = "200", headers: String = "[]") -> String {
        #"{"log":{"entries":[{"request":{"method":"\#(method)","url":"http://h/am/json/x"},"#
            + #""response":{"status":\#(status),"headers":\#(headers),"content":{}}}]}}"#
    }

    @Test func whatCannotGoOnTheWireIsRefusedNamingTheEntry() async {
        #expect(await problem(entry(status: "1000")) == "broken.har cannot be replayed: entry 1: response.status 1000 is not an HTTP status (100 to 599)")
        #expect(await problem(entry(status: "-5")) == "broken.har cannot be replayed: entry 1: response.status -5 is not an HTTP status (100 to 599)")
        #expect(await problem(entry(method: "GE T")) == #"broken.har cannot be replayed: entry 1: request.method "GE T" is not an HTTP method"#)
        #expect(await problem(entry(headers: #"[{"name":"X Bad","value":"1"}]"#))
                == #"broken.har cannot be replayed: entry 1: response.headers[0].name "X Bad" is not a header name"#)
        #expect(await problem(entry(headers: #"[{"name":"Set-Cookie","value":"a=1\r\nX-Injected: 1"}]"#))
                == "broken.har cannot be replayed: entry 1: response.headers[0] (Set-Cookie) has a value with a line break or a control character")
        #expect(await problem(entry(status: "599", headers: #"[{"name":"X-Ok","value":"fine\tvalue"}]"#)) == "started")
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
