import Foundation
import Orchestrate

/// What one answer from PingOne means for the flow, classified as the SDKs do.
public enum DaVinciOutcome: Sendable, Hashable {
    /// A form to fill in.
    case step(DaVinciStep)
    /// The flow is done: the authorization code and the `state` it came with.
    case authorized(code: String, state: String?)
    /// PingOne refused the answer but the form stands (4xx other than an expiry): the message,
    /// messages for fields by key, and the password policy rules a field breaks, by key.
    case refused(message: String, fieldMessages: [String: [String]], unsatisfied: [String: [String]])
    /// `eventName` `rewindStateToLastRenderedUI` (or `…SpecificRenderedUI`): no new form; the
    /// last one shown stands (the SDKs show it again; a polling form polls on).
    case rewind
    case failure(DaVinciError)

    public init(_ response: HTTPResponse) {
        // The iOS and Android SDKs end the flow on a redirect, naming its Location.
        if (300..<400).contains(response.status) {
            self = .failure(.redirected(status: response.status, location: Self.shown(location: response.header("Location") ?? "")))
            return
        }
        let json: JSONValue
        do {
            json = try JSONValue.parse(response.body)
        } catch {
            self = (200..<500).contains(response.status)
                ? .failure(.malformed(status: response.status, problem: "the body is not JSON (\(error.description))",
                                      excerpt: TerminalText.excerpt(of: response.body)))
                : .failure(.rejected(status: response.status, message: TerminalText.excerpt(of: response.body)))
            return
        }
        // A flow's message, its error's, or an OAuth error's (a refused authorize request).
        let oauthError = json["error"]?.stringValue.map { error in
            json["error_description"]?.stringValue.map { "\(error): \($0)" } ?? error
        }
        let message = json["message"]?.stringValue ?? json["error"]?["message"]?.stringValue ?? oauthError ?? ""
        switch response.status {
        case 200..<300:
            // The native SDKs look for "FAILED", the JavaScript one for "failure"; an `error` object means the same.
            if ["failed", "failure"].contains(json["status"]?.stringValue?.lowercased() ?? "") || json["error"]?.objectValue?.isEmpty == false {
                self = .failure(.failed(message: message.isEmpty ? json["error"]?["code"]?.stringValue ?? "no reason given" : message))
            } else if Self.rewindEvents.contains(json["eventName"]?.stringValue ?? "") {
                self = .rewind
            } else if let code = json["authorizeResponse"]?["code"]?.stringValue {
                self = .authorized(code: code, state: json["authorizeResponse"]?["state"]?.stringValue)
            } else if json["session"]?.objectValue != nil {
                // The JavaScript SDK reads `session` alone as a success too; without a code
                // there is nothing to exchange for tokens.
                self = .failure(.sessionWithoutCode)
            } else if let step = DaVinciStep(json: json) {
                self = .step(step)
            } else {
                self = .failure(.malformed(status: response.status, problem: "it is neither a form, a success nor a failure",
                                           excerpt: TerminalText.excerpt(of: response.body)))
            }
        case 400..<500:
            if Self.isExpiry(json) {
                self = .failure(.expired(message: message.isEmpty ? "requestTimedOut" : message))
            } else if json["connectorId"]?.stringValue == "pingOneAuthenticationConnector",
                      ["returnSuccessResponseRedirect", "setSession"].contains(json["capabilityName"]?.stringValue ?? "") {
                // The flow failed while it was finishing: nothing on the form can change that.
                self = .failure(.failed(message: message.isEmpty ? "the sign-on could not be completed" : message))
            } else if oauthError != nil || json["_links"] == nil && json["interactionId"] == nil {
                // Not about a form: the authorize request itself was refused.
                self = .failure(.rejected(status: response.status, message: message.isEmpty ? TerminalText.excerpt(of: response.body) : message))
            } else {
                // As the SDKs do for every other 4xx: the form stands, with PingOne's messages.
                self = .refused(message: message.trimmingSpaces(), fieldMessages: Self.fieldMessages(in: json),
                                 unsatisfied: Self.unsatisfiedRequirements(in: json))
            }
        default:
            self = .failure(.rejected(status: response.status, message: message.isEmpty ? TerminalText.excerpt(of: response.body) : message))
        }
    }

    /// The answers that send the client back to the form it last showed.
    static let rewindEvents: Set<String> = ["rewindStateToLastRenderedUI", "rewindStateToSpecificRenderedUI"]

    /// A redirect's address as shown: without its query and fragment, which can carry a code
    /// or a token meant for the application.
    static func shown(location: String) -> String {
        guard var parts = URLComponents(string: location), parts.query != nil || parts.fragment != nil else { return location }
        parts.query = nil
        parts.fragment = nil
        return (parts.string ?? "") + " (its query left out)"
    }

    /// The rules PingOne says a password breaks (`details[].rawResponse.details[].innerError
    /// .unsatisfiedRequirements`), by the field's key.
    static func unsatisfiedRequirements(in json: JSONValue) -> [String: [String]] {
        var rules: [String: [String]] = [:]
        for detail in json["details"]?.arrayValue ?? [] {
            for item in detail["rawResponse"]?["details"]?.arrayValue ?? [] {
                guard let target = item["target"]?.stringValue,
                      let unsatisfied = item["innerError"]?["unsatisfiedRequirements"]?.arrayValue?.compactMap(\.stringValue),
                      !unsatisfied.isEmpty else { continue }
                rules[target, default: []] += unsatisfied
            }
        }
        return rules
    }

    /// The flow's interaction is gone: `code` 1999 or `requestTimedOut`.
    static func isExpiry(_ json: JSONValue) -> Bool {
        json["code"]?.intValue == 1999 || json["code"]?.stringValue == "requestTimedOut"
    }

    /// `details[].rawResponse.details[]` with a `target` (a field's key) in an `INVALID_DATA`
    /// answer: PingOne's messages per field.
    static func fieldMessages(in json: JSONValue) -> [String: [String]] {
        var messages: [String: [String]] = [:]
        for detail in json["details"]?.arrayValue ?? [] where detail["rawResponse"]?["code"]?.stringValue == "INVALID_DATA" {
            for item in detail["rawResponse"]?["details"]?.arrayValue ?? [] {
                guard let target = item["target"]?.stringValue, let text = item["message"]?.stringValue else { continue }
                messages[target, default: []].append(text)
            }
        }
        return messages
    }
}
