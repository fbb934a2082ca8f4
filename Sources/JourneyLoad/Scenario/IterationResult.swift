import Foundation

/// What one virtual user's iteration did: its steps in order and how it ended. Encodes as one
/// JSON object (``jsonLine()``), so a worker process can report an iteration per line.
public struct IterationResult: Sendable, Hashable, Codable {
    /// How an iteration ended.
    public enum Outcome: Sendable, Hashable, Codable {
        case success
        case failure(LoadFailure)
        /// Stopped by the run's end or Ctrl-C; not counted in the statistics.
        case cancelled
    }

    public var steps: [StepTiming]
    public var outcome: Outcome

    public init(steps: [StepTiming], outcome: Outcome) {
        self.steps = steps
        self.outcome = outcome
    }

    /// The whole journey's time: its steps' times, think time excluded.
    public var duration: Duration {
        steps.reduce(.zero) { $0 + $1.duration }
    }

    /// The failure that ended the iteration, if it failed.
    public var failure: LoadFailure? {
        if case .failure(let failure) = outcome { return failure }
        return nil
    }

    /// The result as one line of JSON (no line breaks inside).
    public func jsonLine() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data("{}".utf8), as: UTF8.self)
    }
}

/// One request of an iteration and the page it was for.
public struct StepTiming: Sendable, Hashable, Codable {
    /// The page the request answered (its stage, else its header, else its callback types), or
    /// `start` for the request that starts the journey.
    public var name: String
    /// From sending the request to having the next page or the outcome (think time excluded).
    public var duration: Duration
    /// Set on the step that failed.
    public var failure: LoadFailure?

    public init(name: String, duration: Duration, failure: LoadFailure? = nil) {
        self.name = name
        self.duration = duration
        self.failure = failure
    }

    private enum CodingKeys: String, CodingKey {
        case name, milliseconds, failure
    }

    /// The time is written in milliseconds, as the reports give it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(duration.milliseconds, forKey: .milliseconds)
        try container.encodeIfPresent(failure, forKey: .failure)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        duration = .microseconds(Int64((try container.decode(Double.self, forKey: .milliseconds) * 1000).rounded()))
        failure = try container.decodeIfPresent(LoadFailure.self, forKey: .failure)
    }
}

extension Duration {
    /// The duration in milliseconds, with fractions.
    public var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}

/// Why an iteration failed: its kind (what the statistics count) and a message for people.
public struct LoadFailure: Sendable, Hashable, Codable, CustomStringConvertible {
    public var kind: FailureKind
    /// Neutralised text: it may quote the server.
    public var message: String

    public init(kind: FailureKind, message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { "\(kind): \(message)" }
}

/// The kinds of errors a load run counts apart.
public enum FailureKind: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The server answered with an error status the journey does not expect (4xx other than a
    /// failed sign-in, 5xx), or with a body that is not AM's.
    case httpStatus(Int)
    /// AM refused the person: the journey ended in failure (wrong password, expired journey).
    case amFailure
    /// The page or outcome was not what the scenario expects (a prompt it has no answer for).
    case expectation
    /// No answer within the client's timeout.
    case timeout
    /// No connection: refused, reset, unknown host, TLS.
    case connection

    public var description: String {
        switch self {
        case .httpStatus(let status): "HTTP \(status)"
        case .amFailure: "AM failure"
        case .expectation: "expectation"
        case .timeout: "timeout"
        case .connection: "connection"
        }
    }

    /// Reads a description back (`HTTP 500`, `AM failure`, …).
    public init?(description: String) {
        switch description {
        case "AM failure": self = .amFailure
        case "expectation": self = .expectation
        case "timeout": self = .timeout
        case "connection": self = .connection
        default:
            guard description.hasPrefix("HTTP "), let status = Int(description.dropFirst(5)) else { return nil }
            self = .httpStatus(status)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let kind = FailureKind(description: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Unknown failure kind \(text)")
        }
        self = kind
    }
}
