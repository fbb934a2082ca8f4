import ArgumentParser
import DemoAM
import Foundation
import HARReplay
import Orchestrate
import Logging

/// `journey serve`: run only the demo AM, or (`--replay`) a mock AM from a recorded HAR.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the local demo AM (loopback only, in memory) until Ctrl-C.",
        discussion: """
        Examples:
          journey serve
          journey serve --port 9000 --journey-timeout 60
          journey serve --access-token-lifetime 40 --no-refresh-rotation
          journey serve --tls --tls-key rsa --tls-port 9443
          journey serve --replay login.har --port 0
          journey serve --journeys exports/ --users users.yaml --stubs stubs.yaml

        Then, in another terminal:
          journey login --url http://127.0.0.1:\(DemoAMConfiguration.defaultPort)/am --tree Login

        With --tls, the same server also answers on https://127.0.0.1:\(DemoAMConfiguration.HTTPS.defaultPort)/am with a \
        self-signed certificate made at start; the banner prints its SPKI pin and the PEM file to \
        trust as caBundle.

        With --replay FILE.har (written by journey login --har or the trace pane), it serves that \
        recorded run instead of the demo AM: each request gets the response recorded for the same \
        journey, step and callbacks, in recorded order; any other request gets a 404 or 400 naming \
        what differed. See docs/replay.md.

        With --journeys PATH (frodo journey exports, files or folders; repeat for more) it also runs \
        those journeys, node by node as AM does, in every realm; an exported journey is served \
        instead of a built-in one of the same name. --users FILE (YAML) gives the users they sign \
        in, register and change, instead of the demo users. A node the server cannot run (a \
        scripted decision, a custom node) asks which of its outcomes to take, unless --stubs FILE \
        (YAML: node id or name → outcome) answers for it. At start it says, per journey, whether it \
        runs fully and which nodes will ask. See docs/offline.md.
        """
    )

    /// The HTTPS certificate's key.
    enum TLSKey: String, ExpressibleByArgument, CaseIterable {
        case ec, rsa
    }

    @Option(help: ArgumentHelp("Port on 127.0.0.1 (0 picks a free one).", valueName: "port"))
    var port: Int = DemoAMConfiguration.defaultPort

    @Option(help: ArgumentHelp("Seconds before an unfinished journey times out (AM error 110).", valueName: "seconds"))
    var journeyTimeout: Int = 300

    @Option(help: ArgumentHelp("Seconds an access token lives (short values show refreshing).", valueName: "seconds"))
    var accessTokenLifetime: Int = 3600

    @Flag(inversion: .prefixedNo, help: "Issue a new refresh token on every refresh (and revoke the old one).")
    var refreshRotation = true

    @Flag(help: "Also listen with HTTPS, with a self-signed certificate for 127.0.0.1 and localhost made at start.")
    var tls = false

    @Option(help: ArgumentHelp("The certificate's key with --tls: ec (P-256, the default) or rsa (2048 bits).", valueName: "ec|rsa"))
    var tlsKey: TLSKey?

    @Option(help: ArgumentHelp("HTTPS port on 127.0.0.1 with --tls (0 picks a free one; default \(DemoAMConfiguration.HTTPS.defaultPort)).", valueName: "port"))
    var tlsPort: Int?

    @Option(help: ArgumentHelp("Serve the exchanges of a recorded HAR file as a mock AM instead of the demo AM (docs/replay.md).",
                               valueName: "file.har"))
    var replay: String?

    @Option(name: .customLong("journeys"),
            help: ArgumentHelp("A journey export (file or folder) to run, repeat for more (docs/offline.md).", valueName: "path"))
    var journeyPaths: [String] = []

    @Option(help: ArgumentHelp("A YAML file of users (IDM attributes) instead of the demo users.", valueName: "file"))
    var users: String?

    @Option(help: ArgumentHelp("A YAML map of the outcomes nodes the server cannot run take, by node id or name.", valueName: "file"))
    var stubs: String?

    func validate() throws {
        if replay != nil && tls { throw ValidationError("--tls does not apply to --replay: the replay answers over HTTP only.") }
        if replay != nil && (!journeyPaths.isEmpty || users != nil || stubs != nil) {
            throw ValidationError("--journeys, --users and --stubs set the demo AM; --replay answers as recorded.")
        }
        if replay != nil && (journeyTimeout != 300 || accessTokenLifetime != 3600 || !refreshRotation) {
            throw ValidationError("--journey-timeout, --access-token-lifetime and --no-refresh-rotation set the demo AM; --replay answers as recorded.")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535, not \(port).") }
        guard journeyTimeout > 0 else { throw ValidationError("--journey-timeout must be at least 1 second.") }
        guard accessTokenLifetime > 0 else { throw ValidationError("--access-token-lifetime must be at least 1 second.") }
        if !tls && (tlsKey != nil || tlsPort != nil) { throw ValidationError("--tls-key and --tls-port need --tls.") }
        if let tlsPort, !(0...65535).contains(tlsPort) { throw ValidationError("--tls-port must be between 0 and 65535, not \(tlsPort).") }
    }

    private var https: DemoAMConfiguration.HTTPS? {
        guard tls else { return nil }
        return DemoAMConfiguration.HTTPS(port: tlsPort ?? DemoAMConfiguration.HTTPS.defaultPort, keyType: tlsKey == .rsa ? .rsa : .ec)
    }

    func run() async throws {
        if let replay {
            try await serveReplay(of: replay)
            return
        }
        var configuration = DemoAMConfiguration(port: port, journeyTimeout: .seconds(journeyTimeout),
                                                accessTokenLifetime: .seconds(accessTokenLifetime), rotatesRefreshTokens: refreshRotation,
                                                https: https)
        do throws(ServeInputProblem) {
            configuration.journeyExports = try Self.journeyExports(journeyPaths)
            configuration.users = try users.map(Self.users)
            configuration.stubs = try stubs.map(Self.stubs) ?? [:]
        } catch {
            Console().say("journey: \(error)")
            throw ExitStatus.usage.code
        }
        let demo: DemoAM
        do {
            demo = try await DemoAM.start(configuration, logger: DemoLogging.logger())
        } catch let error as DemoAMError {
            Console().say("journey: \(error)")
            if case .cannotListen = error { throw ExitStatus.serverOrNetwork.code }
            throw ExitStatus.usage.code
        } catch {
            Console().say("journey: the demo AM could not start: \(error)")
            throw ExitStatus.serverOrNetwork.code
        }
        let certificateFile: ServeCertificateFile?
        do {
            certificateFile = try demo.certificatePEM.map(ServeCertificateFile.init(pem:))
        } catch {
            await demo.stop()
            Console().say("journey: the demo AM's certificate could not be written: \(error.localizedDescription)")
            throw ExitStatus.serverOrNetwork.code
        }
        var certificateLines: TerminalString = ""
        if let certificateFile, let url = demo.httpsBaseURL {
            certificateLines = "Certificate: \(certificateFile.path) (PEM, 0600; trust it as caBundle)\n"
                + "  journey config pins \(url) --ca-bundle \(certificateFile.path)\n"
        }
        // Scripts and tests read the URL from a pipe while the server runs (Console is unbuffered).
        let report = demo.journeyReport
        // A line each: a journey's name and its nodes' come from the files.
        let exported = report.reduce(report.isEmpty ? "" : "Exported journeys:\n" as TerminalString) { text, line in text + "  \(line: line)\n" }
        Console.write("\(demo.banner)\(certificateLines)\(exported)\nPress Ctrl-C to stop.\n", to: .standardOutput)
        await ShutdownSignal.wait()
        await demo.stop()
        certificateFile?.remove()
        Console().say("Demo AM stopped.")
    }
}

extension ServeCommand {
    /// `--replay FILE`: a malformed or unreadable file exits 64 with a message naming it.
    private func serveReplay(of file: String) async throws {
        let server: ReplayServer
        do throws(HARReplayError) {
            server = try await ReplayServer.start(file: file, port: port, logger: DemoLogging.logger(label: "replay"))
        } catch {
            Console().say("journey: \(error)")
            if case .cannotListen = error { throw ExitStatus.serverOrNetwork.code }
            throw ExitStatus.usage.code
        }
        // The first line names the URL, as the demo AM's banner does.
        Console.write("""
            Replay of \(file) (\(server.exchangeCount) exchanges) as a mock AM: \(server.baseURL)
            Requests that were not recorded get a 404 or 400 naming what differed (logged here).

            Press Ctrl-C to stop.

            """, to: .standardOutput)
        await ShutdownSignal.wait()
        await server.stop()
        Console().say("Replay stopped.")
    }
}

/// Waits for SIGINT or SIGTERM.
enum ShutdownSignal {
    static func wait() async {
        let (signals, continuation) = AsyncStream<Void>.makeStream()
        let sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield() }
            source.resume()
            return source
        }
        for await _ in signals { break }
        withExtendedLifetime(sources) {}
    }
}

/// The demo AM's log lines (the emails it "sends") and the replay's on stderr, neutralised like all output.
enum DemoLogging {
    static func logger(label: String = "demo-am") -> Logger {
        // Through the console: a log line may quote what a client sent (an email address).
        var logger = Logger(label: label) { label in ConsoleLogHandler(label: label) }
        logger.logLevel = .info
        return logger
    }
}
