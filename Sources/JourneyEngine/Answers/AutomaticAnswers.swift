import Crypto
import Foundation
import Orchestrate

/// Answers the engine gives by itself, so a terminal can walk journeys that ask for things it
/// does not have: a device profile with what a terminal can tell, and the values the SDKs send
/// when a browser or device feature is unavailable (so the journey can take its fallback path).
public enum AutomaticAnswers {
    /// What was sent for one callback, for the person to read.
    public struct Notice: Sendable, Hashable {
        public let position: Int
        public let text: String
    }

    /// The SDKs' client-error value for a missing capability.
    public static let unsupported = "Unsupported"

    /// Fills every `.automatic` callback of the step and returns what was done. The device
    /// profile is made only for a step that asks for one (it reads the host and hashes it).
    public static func apply(to step: inout JourneyStep, device: @autoclosure () -> DeviceProfile = .current) -> [Notice] {
        var notices: [Notice] = []
        for index in step.callbacks.indices {
            let callback = step.callbacks[index]
            if let text = fill(&step.callbacks[index], device: device) {
                notices.append(Notice(position: callback.position, text: text))
            }
        }
        if let notice = answerWebAuthn(in: &step) { notices.append(notice) }
        if let notice = answerProtectMetadata(in: &step) { notices.append(notice) }
        return notices
    }

    /// The marketplace PingOne Protect nodes send a MetadataCallback and a HiddenValueCallback
    /// `clientError`, where the SDKs report that the Signals SDK is missing.
    private static func answerProtectMetadata(in step: inout JourneyStep) -> Notice? {
        let asksForSignals = step.callbacks.contains { callback in
            guard case .metadata(let metadata) = callback.kind else { return false }
            return metadata.purpose == .pingOneProtectInitialize || metadata.purpose == .pingOneProtectEvaluation
        }
        guard asksForSignals, let index = step.callbacks.firstIndex(where: { callback in
            if case .hiddenValue(let hidden) = callback.kind { return hidden.id == "clientError" }
            return false
        }) else { return nil }
        try? step.callbacks[index].answer(.text(unsupported))
        return Notice(position: step.callbacks[index].position,
                      text: "PingOne Protect needs the Signals SDK; sent clientError \"\(unsupported)\" so the journey can fall back.")
    }

    private static func fill(_ callback: inout Callback, device: () -> DeviceProfile) -> String? {
        switch callback.kind {
        case .deviceProfile(let request):
            let profile = device().json(includeMetadata: request.wantsMetadata)
            try? callback.answer(.text(profile.jsonText))
            return "Sent a device profile: identifier, \(request.wantsMetadata ? "platform, terminal and host name" : "no metadata")"
                + (request.wantsLocation ? "; no location (a terminal has none)." : ".")
        case .deviceBinding, .deviceSigningVerifier, .pingOneProtectInitialize, .pingOneProtectEvaluation:
            guard (try? callback.answer(.clientError(unsupported))) != nil else { return nil }
            return "\(callback.type) needs a device or browser feature; sent clientError \"\(unsupported)\" so the journey can fall back."
        case .appIntegrity:
            guard (try? callback.answer(.clientError(AppIntegrityCallback.clientError))) != nil else { return nil }
            return "\(callback.type) needs a mobile app's attestation; sent clientError \"\(AppIntegrityCallback.clientError)\", as the Android SDK does, so the journey can fall back."
        case .idP(let idp):
            guard callback.input(role: "token")?.value.stringValue?.isEmpty ?? true else { return nil }
            return "\(callback.type) needs a token from \(TerminalText.line(idp.provider)) (its app or SDK gets one); none was given, so AM will likely refuse this step."
        case .redirect(let redirect):
            return "The journey continues in a browser at \(TerminalText.line(redirect.redirectUrl))"
        case .unknown(let unknown):
            return "\(TerminalText.line(callback.type)) is sent back unchanged (\(TerminalText.line(unknown.reason)))."
        default:
            return nil
        }
    }

    /// WebAuthn arrives as a MetadataCallback plus a HiddenValueCallback `webAuthnOutcome`; the
    /// SDKs write `unsupported` into the hidden value when WebAuthn is not available.
    private static func answerWebAuthn(in step: inout JourneyStep) -> Notice? {
        let asksForWebAuthn = step.callbacks.contains { callback in
            guard case .metadata(let metadata) = callback.kind else { return false }
            return metadata.purpose == .webAuthnRegistration || metadata.purpose == .webAuthnAuthentication
        }
        guard asksForWebAuthn, let index = step.callbacks.firstIndex(where: { callback in
            if case .hiddenValue(let hidden) = callback.kind { return hidden.id == "webAuthnOutcome" }
            return false
        }) else { return nil }
        try? step.callbacks[index].answer(.text("unsupported"))
        return Notice(position: step.callbacks[index].position,
                      text: "WebAuthn needs a browser or security key; sent \"unsupported\" so the journey can fall back.")
    }
}

/// What a terminal can say about the device it runs on, in the shape AM's Device Profile
/// Collector node reads (`identifier`, `metadata.platform`…).
public struct DeviceProfile: Sendable, Hashable {
    public let identifier: String
    public let deviceName: String
    public let platform: String
    public let version: String
    public let terminal: String

    public init(identifier: String, deviceName: String, platform: String, version: String, terminal: String) {
        self.identifier = identifier
        self.deviceName = deviceName
        self.platform = platform
        self.version = version
        self.terminal = terminal
    }

    public static var current: DeviceProfile {
        let info = ProcessInfo.processInfo
        let host = info.hostName
        return DeviceProfile(
            // Stable for a host, without revealing the host name.
            identifier: "journeyterm-" + SHA256.hash(data: Data("journeyterm:\(host)".utf8))
                .prefix(8).hexDigits,
            deviceName: host,
            platform: "Linux",
            version: info.operatingSystemVersionString,
            terminal: info.environment["TERM"] ?? "unknown")
    }

    func json(includeMetadata: Bool) -> JSONValue {
        var object: JSONObject = ["identifier": .string(identifier)]
        if includeMetadata {
            object["metadata"] = .object([
                "platform": .object([
                    "deviceName": .string(deviceName),
                    "platform": .string(platform),
                    "version": .string(version),
                ]),
                "browser": .object(["userAgent": .string("JourneyTerm (\(platform); \(terminal))")]),
            ])
        }
        return .object(object)
    }
}
