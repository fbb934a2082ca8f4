import Foundation
import HostileAM
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// The full-screen UI against the hostile AM, in a real terminal (tmux): the tab signed in with
/// hostile tokens, its token inspector, the session info, the trace pane and the hostile journey's
/// page are drawn, and nothing the server sent acts on the terminal: the pane's title, tmux's
/// clipboard and the raw bytes the program wrote say so.
@Suite(.serialized, .enabled(if: TmuxPane.available, "tmux is not installed: the hostile screen test is skipped (scripts/setup installs it)"))
struct HostileScreenTests {
    @Test func theScreenNeverCarriesTheServersEscapes() async throws {
        let am = try await HostileAM.start()
        let run = HostileRun(am: am)
        defer { run.removeFolders() }
        let login = try await run.journey(["login", "--url", am.url, "--tree", HostileAM.hostileJourney, "--instance", "h"]
                                          + HostileServerCommandTests.oauth + HostileServerCommandTests.answers)
        #expect(login.status == 0, "\(login.stderr)")
        let raw = run.folder.appending(path: "raw-output")
        let pane = try await TmuxPane.start(command: [JourneyProcess.executable.path, "--url", am.url, "--tree", HostileAM.hostileJourney, "--name", "h"]
                                    + HostileServerCommandTests.oauth,
                                environment: run.environment, rawOutput: raw)
        let signedIn = await pane.waitFor("access token")
        let screen = await pane.screen()
        #expect(signedIn, "the tab opened signed in:\n\(screen)")
        for key in ["i", "e", "Escape", "Enter"] {
            await pane.send(key)
            try await Task.sleep(for: .milliseconds(400))
        }
        let drawn = await pane.waitFor("lam")
        let page = await pane.screen()
        #expect(drawn, "the hostile page is drawn:\n\(page)")
        await pane.send("C-c")
        _ = await pane.waitFor("journey exited")
        let written = (try? String(contentsOf: raw, encoding: .utf8)) ?? ""
        #expect(!written.isEmpty, "pipe-pane recorded what journey wrote")
        for sequence in HostileAM.actingSequences {
            #expect(!written.contains(sequence), "journey wrote \(sequence.debugDescription) to the terminal")
        }
        #expect(await pane.title() != "PWNED", "the server set the pane's title")
        #expect(!(await pane.buffers()).contains("pwned"), "the server put text on tmux's clipboard")
        await pane.kill()
        await am.stop()
    }
}

/// One tmux server and pane of a test (its own socket), running a command with `env -i`, what
/// the command writes to its terminal copied raw to a file (`pipe-pane`).
struct TmuxPane {
    static let available = FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")

    let socket = "journey-hostile-\(UUID().uuidString.prefix(8))"

    static func start(command: [String], environment: [String: String], rawOutput: URL) async throws -> TmuxPane {
        let pane = TmuxPane()
        let variables = ["HOME=\(NSHomeDirectory())", "PATH=/usr/bin:/bin", "TERM=xterm-256color", "LANG=C.UTF-8"]
            + environment.map { "\($0.key)=\($0.value)" }
        let shell = (["env", "-i"] + variables + command).map(quoted).joined(separator: " ") + "; echo journey exited $?; sleep 30"
        _ = try await pane.tmux(["-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", "120", "-y", "40", shell])
        _ = try await pane.tmux(["set-option", "-s", "set-clipboard", "on"])
        _ = try await pane.tmux(["pipe-pane", "-t", "t", "-o", "cat >> " + quoted(rawOutput.path)])
        return pane
    }

    /// Runs tmux and returns what it printed. Spawned and reaped here: Foundation's `Process`
    /// on Linux sees a child end when a descriptor it shares closes, and the tmux server the
    /// first command forks keeps that descriptor open.
    func tmux(_ arguments: [String]) async throws -> String {
        // `waitpid` blocks: on a thread of its own, never one of the few the test runner's tasks share.
        let socket = socket
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try Self.runTmux(socket: socket, arguments) })
            }
        }
    }

    private static func runTmux(socket: String, _ arguments: [String]) throws -> String {
        var output: [Int32] = [0, 0]
        guard pipe(&output) == 0 else { throw TmuxFailed() }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, output[0])
        let words = ["tmux", "-L", socket] + arguments
        var argv = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, "/usr/bin/tmux", &actions, nil, &argv, environ)
        close(output[1])
        defer { close(output[0]) }
        guard spawned == 0 else { throw TmuxFailed() }
        // The output of the commands used here fits in a pipe's buffer: read after the exit what
        // is there, without waiting for an end (the server `new-session` starts keeps the pipe).
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        _ = fcntl(output[0], F_SETFL, O_NONBLOCK)
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(output[0], &buffer, buffer.count)
            guard count > 0 else { break }
            data.append(contentsOf: buffer[..<count])
        }
        return String(decoding: data, as: UTF8.self)
    }

    struct TmuxFailed: Error {}

    func screen() async -> String { (try? await tmux(["capture-pane", "-p", "-t", "t"])) ?? "" }
    func title() async -> String { ((try? await tmux(["display-message", "-p", "-t", "t", "#{pane_title}"])) ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }
    func buffers() async -> String { ((try? await tmux(["list-buffers", "-F", "#{buffer_sample}"])) ?? "").lowercased() }
    func send(_ key: String) async { _ = try? await tmux(["send-keys", "-t", "t", key]) }
    func kill() async { _ = try? await tmux(["kill-server"]) }

    /// Polls the pane until `text` shows, at most 20 s.
    func waitFor(_ text: String) async -> Bool {
        for _ in 0..<200 {
            if await screen().contains(text) { return true }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return false
    }
}

private func quoted(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
