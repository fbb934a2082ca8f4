import Foundation
import Orchestrate

/// One form of a DaVinci flow (the SDKs' continue node): where the answer goes
/// (`_links.next.href`), the interaction it belongs to, the form's name and description, its
/// collectors, and the messages PingOne gave for its fields when it refused the last answer.
public struct DaVinciStep: Sendable, Hashable {
    /// The node's `id`, echoed in the answer.
    public let id: String
    public let eventName: String
    public let interactionId: String?
    public let interactionToken: String?
    /// Where the answer is POSTed.
    public let next: URL
    public let formName: String
    public let formDescription: String
    public var collectors: [Collector]
    /// PingOne's messages for fields it refused, by collector key (shown beside the field).
    public var fieldMessages: [String: [String]] = [:]
    /// A message for the whole form (a refused answer without a field to show it at).
    public var formMessage: String?
    /// The answer as PingOne sent it.
    public let wire: JSONValue

    /// Reads a continue node; nil when the body is not one (no `_links.next.href` or no `form`).
    public init?(json: JSONValue) {
        guard let href = json["_links"]?["next"]?["href"]?.stringValue, let next = URL(string: href),
              let form = json["form"], form.objectValue != nil else { return nil }
        self.next = next
        id = json["id"]?.stringValue ?? ""
        eventName = json["eventName"]?.stringValue ?? "continue"
        interactionId = json["interactionId"]?.stringValue
        interactionToken = json["interactionToken"]?.stringValue
        formName = form["name"]?.stringValue ?? ""
        formDescription = form["description"]?.stringValue ?? ""
        let policy = PasswordPolicy(json: json["passwordPolicy"])
        let defaults = json["formData"]?["value"]
        collectors = (form["components"]?["fields"]?.arrayValue ?? []).map {
            Collector(wire: $0, defaults: defaults, passwordPolicy: policy)
        }
        wire = json
    }

    /// The first SUBMIT_BUTTON, else a FIDO2 collector (a form that only asks for a passkey):
    /// what Enter presses.
    public var defaultButton: Int? {
        collectors.firstIndex { $0.kind == .button(.submit) } ?? collectors.firstIndex {
            if case .fido2 = $0.kind { return true }
            return false
        }
    }

    /// The keys of the fields whose values are hidden in traces: passwords, and text fields
    /// that ask for a one-time code (by their key or label, as the journey side hides codes).
    public var secretKeys: Set<String> {
        Set(collectors.compactMap { collector in
            switch collector.kind {
            case .password: return collector.key
            case .text where Redaction.looksLikeCode(collector.key ?? "") || Redaction.looksLikeCode(collector.label): return collector.key
            default: return nil
            }
        })
    }

    /// PingOne's messages for a collector: by its key, or the key's last part (`user.email` →
    /// `email`, as PingOne names its targets).
    public func messages(for collector: Collector) -> [String] {
        guard let key = collector.key else { return [] }
        return fieldMessages[key] ?? fieldMessages[key.split(separator: ".").last.map(String.init) ?? key] ?? []
    }

    /// The first thing wrong with the answers before they are sent, with the collector's index.
    public func problem() -> (index: Int, message: String)? {
        for (index, collector) in collectors.enumerated() {
            if let message = collector.problem() { return (index, message) }
        }
        return nil
    }

    /// The answer, pressing the collector at `pressed` (a button or a link): the JSON body the
    /// SDKs send to `next`, every input's value in `formData` under its key, the button's key
    /// as `actionKey` and its `eventType` ("submit", or "action" for flow buttons and links).
    /// A FIDO2 collector pressed sends, as the SDKs do when the platform cannot, the WebAuthn
    /// error as the `actionKey` of an action with an empty `formData`.
    public func answer(pressing pressed: Int?) -> JSONValue {
        let button = pressed.map { collectors[$0] }
        let sendsFIDO2Error = if case .fido2 = button?.kind { true } else { false }
        var formData = JSONObject()
        for collector in collectors where collector.kind.collectsInput && !sendsFIDO2Error {
            guard let key = collector.key, let value = collector.formValue else { continue }
            formData[key] = value
        }
        var data: JSONObject = [:]
        if sendsFIDO2Error {
            data["actionKey"] = .string(CollectorKind.fido2Unavailable)
        } else if let key = button?.key {
            data["actionKey"] = .string(key)
        }
        data["formData"] = .object(formData)
        var body: JSONObject = ["id": .string(id), "eventName": .string(eventName)]
        if let interactionId { body["interactionId"] = .string(interactionId) }
        body["parameters"] = .object(["eventType": .string(button?.kind.action ?? "submit"), "data": .object(data)])
        return .object(body)
    }
}
