import Foundation
import Hummingbird
import Logging
import LoopbackHTTP

/// An AM that means harm, for the tests: every string it sends carries terminal escapes (OSC 52
/// to the clipboard, OSC 0 to the title, CSI to clear the screen, BEL, C1 CSI, bidi overrides)
/// and every number is at an edge of Int64 (or beyond a double's whole range), in its journeys,
/// its OAuth answers, its sessions endpoint and a protected resource. It is a third, deliberately
/// small reading of the protocol (it shares nothing with the engine or the demo AM): enough of
/// it to walk a journey, mint tokens and answer every instance command.
public struct HostileAM: Sendable {
    /// What every string field carries: `HostileAM.payload` must never reach a terminal raw.
    public static let payload = "Bearer\u{1B}]52;c;cHduZWQ=\u{07}\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{9B}31m\u{202E}lam\u{2066}\u{7F}\u{0}"
    /// The escape sequences of `payload` whose raw arrival would act: what the tests look for
    /// (a bare `ESC [2J` is curses' own clear; the payload's is followed by a C1 CSI).
    public static let actingSequences = ["\u{1B}]52;", "\u{1B}]0;PWNED", "\u{1B}[2J\u{9B}", "\u{9B}31m", "\u{202E}", "\u{2066}"]

    /// The journey whose pages and success carry `payload` everywhere (answered by input name:
    /// `IDToken1` …).
    public static let hostileJourney = "Hostile"
    /// A journey whose success carries an SSO token with escapes in it.
    public static let escapingTokenJourney = "EscapingToken"

    /// `http://127.0.0.1:<port>/am`.
    public let url: String
    /// `http://127.0.0.1:<port>/api/hostile`: a resource answering 401 with a hostile challenge.
    public var resourceURL: String { String(url.dropLast("/am".count)) + "/api/hostile" }
    private let server: RunningServer

    /// Starts on a free port of 127.0.0.1. `expiresIn` is the token endpoint's `expires_in`.
    public static func start(expiresIn: HostileNumber = .int(.max)) async throws -> HostileAM {
        let router = Router()
        let answers = HostileAnswers(expiresIn: expiresIn)
        router.post("**") { request, _ in try await answers.respond(to: request) }
        router.get("**") { request, _ in try await answers.respond(to: request) }
        var logger = Logger(label: "hostile-am")
        logger.logLevel = .critical
        let server = try await RunningServer.launch(responder: router.buildResponder(), port: 0, logger: logger)
        return HostileAM(url: "http://127.0.0.1:\(server.port)/am", server: server)
    }

    public func stop() async {
        await server.stop()
    }
}

/// A JSON number at an edge: Int64's ends, or a double beyond any integer.
public enum HostileNumber: Sendable {
    case int(Int64)
    case double(Double)

    var json: Any {
        switch self {
        case .int(let value): NSNumber(value: value)
        case .double(let value): NSNumber(value: value)
        }
    }
}
