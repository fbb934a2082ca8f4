import Foundation
import Orchestrate

/// A page of a journey that needs answers: AM's response with an `authId`.
public struct JourneyStep: Sendable {
    public let authId: String
    public var callbacks: [Callback]
    /// The node's stage name; for AM 6.5.2, read from a `{"stage": …}` MetadataCallback.
    public let stage: String?
    public let header: String?
    /// May contain HTML; see `PlainText.fromHTML`.
    public let description: String?
    /// The server's clock as the response carrying this step showed it; ``expiresAt`` follows it.
    public var serverClock: ServerClock?
    private let received: JSONObject

    /// Reads a step from AM's JSON. Throws when `authId` or `callbacks` is missing or unreadable.
    public init(json: JSONValue) throws(StepDecodingError) {
        guard let object = json.objectValue else { throw .notAnObject }
        guard let authId = object["authId"]?.stringValue, !authId.isEmpty else { throw .missingAuthId }
        guard let list = object["callbacks"]?.arrayValue else { throw .missingCallbacks }
        var callbacks: [Callback] = []
        callbacks.reserveCapacity(list.count)
        for (position, item) in list.enumerated() {
            callbacks.append(try Callback(json: item, position: position))
        }
        self.authId = authId
        self.callbacks = callbacks
        self.header = object["header"]?.stringValue
        self.description = object["description"]?.stringValue
        self.stage = object["stage"]?.stringValue ?? callbacks.lazy.compactMap { callback in
            if case .metadata(let metadata) = callback.kind, case .stage(let stage) = metadata.purpose {
                return stage
            }
            return nil
        }.first
        self.received = object
    }

    /// When AM stops accepting answers to this step, on this machine's clock: the `exp` of the
    /// `authId` (AM issues it as a JWT, by its own clock), moved by ``serverClock``'s offset when
    /// the clocks differ notably.
    /// Nil when the `authId` is not a JWT or carries no `exp`.
    public var expiresAt: Date? {
        guard let exp = TokenClaims.decode(authId)?["exp"]?.doubleValue.map(Date.init(timeIntervalSince1970:)) else { return nil }
        guard let clock = serverClock, clock.isNotable else { return exp }
        return clock.local(exp)
    }

    /// The body to POST back: the step as received, with the callbacks' input values replaced.
    public var requestBody: JSONValue {
        var object = received
        object["callbacks"] = .array(callbacks.map(\.wireValue))
        return .object(object)
    }

    /// How long to wait before resubmitting, when the step is a polling wait.
    public var pollingDelay: Duration? {
        callbacks.lazy.compactMap { callback -> Duration? in
            if case .pollingWait(let wait) = callback.kind { return wait.waitTime }
            return nil
        }.first
    }

    /// The user name typed into this step (a username field, or a name field whose prompt says
    /// user), for "signed in as …".
    public var typedUserName: String? {
        for callback in callbacks {
            switch callback.kind {
            case .validatedUsername:
                return callback.value?.stringValue
            case .name(let name) where name.prompt.lowercased().contains("user"):
                return callback.value?.stringValue
            default:
                continue
            }
        }
        return nil
    }

    /// Whether AM suspended the journey (an email with a resume link was sent).
    public var isSuspended: Bool {
        callbacks.contains { if case .suspendedTextOutput = $0.kind { true } else { false } }
    }
}

/// Why a response body could not be read as a step.
public enum StepDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    case notAnObject
    case missingAuthId
    case missingCallbacks
    case callbackNotAnObject(position: Int)
    case callbackWithoutType(position: Int)

    public var description: String {
        switch self {
        case .notAnObject: "the body is not a JSON object"
        case .missingAuthId: "the step has no authId"
        case .missingCallbacks: "the step has no callbacks array"
        case .callbackNotAnObject(let position): "callback \(position) is not a JSON object"
        case .callbackWithoutType(let position): "callback \(position) has no type"
        }
    }
}
