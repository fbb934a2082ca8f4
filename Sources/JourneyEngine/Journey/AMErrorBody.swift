import Orchestrate
/// AM's JSON error body: `{"code":401,"reason":"Unauthorized","message":"Login failure","detail":{…}}`.
public struct AMErrorBody: Sendable, Hashable {
    public let code: Int?
    public let reason: String?
    public let message: String?
    public let detail: JSONValue?

    public init(code: Int?, reason: String?, message: String?, detail: JSONValue?) {
        self.code = code
        self.reason = reason
        self.message = message
        self.detail = detail
    }

    init?(json: JSONValue?) {
        guard let json, json.objectValue != nil else { return nil }
        let message = json["message"]?.stringValue
        let reason = json["reason"]?.stringValue
        guard message != nil || reason != nil || json["code"] != nil else { return nil }
        self.init(code: json["code"]?.intValue, reason: reason, message: message, detail: json["detail"])
    }

    /// `detail.errorCode`, e.g. "110" for a timed-out journey.
    public var errorCode: String? {
        guard let value = detail?["errorCode"] else { return nil }
        return value.stringValue ?? value.intValue.map(String.init)
    }


    /// IDM policy failures AM reports when a journey's final write is rejected.
    public var failedPolicyRequirements: [(property: String, failures: [PolicyFailure])] {
        (detail?["failedPolicyRequirements"]?.arrayValue ?? []).map { item in
            let requirements = (item["policyRequirements"]?.arrayValue ?? []).map { requirement in
                PolicyFailure(policy: PolicyRequirement(
                    requirement: requirement["policyRequirement"]?.stringValue ?? "UNKNOWN",
                    params: requirement["params"]?.objectValue ?? [:]))
            }
            return (item["property"]?.stringValue ?? "?", requirements)
        }
    }

    /// The server's own words, neutralised for a terminal.
    public var summary: String {
        let text = [message, reason].compactMap { $0 }.first { !$0.isEmpty } ?? "no message"
        return TerminalText.line(text)
    }
}
