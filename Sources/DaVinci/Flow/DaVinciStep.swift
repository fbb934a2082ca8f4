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

    /// Reads a continue node; nil when the body is not one (no `_links.next.href`). A node
    /// without a `form` has no collectors, as the SDKs read it (``continuesByItself``).
    public init?(json: JSONValue) {
        guard let href = json["_links"]?["next"]?["href"]?.stringValue, let next = URL(string: href) else { return nil }
        let form = json["form"] ?? .null
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
            Collector(wire: $0, defaults: defaults, passwordPolicy: policy, node: json)
        }
        wire = json
    }

    /// A reply with a `next` link but no form: nothing to show or ask, so it is answered
    /// empty at once (`DaVinciFlow.Action.send`).
    public var continuesByItself: Bool {
        wire["form"]?.objectValue == nil
    }

    /// Adds the message of each password policy rule PingOne says a field breaks
    /// (`unsatisfiedRequirements`, by the field's key) to the field's messages, with the
    /// field's policy's numbers when it has one.
    mutating func explain(_ unsatisfied: [String: [String]]) {
        for collector in collectors {
            guard let key = collector.key else { continue }
            let target = unsatisfied[key] != nil ? key : key.split(separator: ".").last.map(String.init) ?? key
            guard let rules = unsatisfied[target] else { continue }
            var policy: PasswordPolicy? = nil
            if case .password(let own, _) = collector.kind { policy = own }
            let explained = policy ?? PasswordPolicy(json: .object([:]))
            fieldMessages[target, default: []] += rules.compactMap { explained?.message(forUnsatisfied: $0) }
        }
    }

    /// The first SUBMIT_BUTTON, else a FIDO2 collector (a form that only asks for a passkey):
    /// what Enter presses.
    public var defaultButton: Int? {
        collectors.firstIndex { $0.kind == .button(.submit) } ?? collectors.firstIndex {
            if case .fido2 = $0.kind { return true }
            return false
        }
    }

    /// The form's POLLING collector, with its index: the form waits for something done elsewhere.
    public var polling: (index: Int, settings: Polling)? {
        for (index, collector) in collectors.enumerated() {
            if case .polling(let settings) = collector.kind { return (index, settings) }
        }
        return nil
    }

    /// The step with its POLLING collector's value set (`continue`, `timedOut`, or the status a
    /// challenge ended with), ready to submit as a poll.
    func polled(_ value: String) -> DaVinciStep {
        var step = self
        if let index = polling?.index { step.collectors[index].value = .text(value) }
        return step
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
    /// as `actionKey` and its `eventType` ("submit", or "action" for flow buttons and links). A
    /// poll (no button, the POLLING collector's value set) sends `eventType` "polling" with
    /// that value, as the SDKs do.
    /// A FIDO2 collector pressed sends, as the SDKs do when the platform cannot, the WebAuthn
    /// error as the `actionKey` of an action with an empty `formData`. A form with a METADATA
    /// field is sent as an action, as the JavaScript SDK sends it: `actionKey` the pressed
    /// button's key, else the METADATA field's, and the field's answer in `formData`.
    public func answer(pressing pressed: Int?) -> JSONValue {
        let button = pressed.map { collectors[$0] }
        let sendsFIDO2Error = if case .fido2 = button?.kind { true } else { false }
        let metadata = collectors.first { $0.kind == .metadata }
        var formData = JSONObject()
        let poll = pressed == nil ? polling.flatMap { collectors[$0.index].formValue == nil ? nil : $0.index } : nil
        for (index, collector) in collectors.enumerated() where (collector.kind.sendsValue || index == poll) && !sendsFIDO2Error {
            guard let key = collector.key, let value = collector.formValue else { continue }
            formData[key] = value
        }
        var data: JSONObject = [:]
        if sendsFIDO2Error {
            data["actionKey"] = .string(CollectorKind.fido2Unavailable)
        } else if let key = button?.key ?? metadata?.key {
            data["actionKey"] = .string(key)
        }
        data["formData"] = .object(formData)
        var body: JSONObject = ["id": .string(id), "eventName": .string(eventName)]
        if let interactionId { body["interactionId"] = .string(interactionId) }
        let eventType = metadata != nil && poll == nil ? "action" : button?.kind.action ?? (poll == nil ? "submit" : "polling")
        body["parameters"] = .object(["eventType": .string(eventType), "data": .object(data)])
        return .object(body)
    }
}
