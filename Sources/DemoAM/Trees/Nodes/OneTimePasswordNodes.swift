import Foundation

/// HOTP Generator: a one-time password of `length` digits (8 unless configured), kept secret
/// with the time it was made.
struct OneTimePasswordGenerator: NodeBehaviour {
    func process(_ call: inout NodeCall) async -> NodeResult {
        let length = min(max(call["length"]?.int ?? 8, 4), 16)
        let code = String((0..<length).map { _ in Character(String(Int.random(in: 0...9))) })
        call.state.setSecret("oneTimePassword", .string(code))
        call.state.setSecret("oneTimePasswordTimestamp", .int(Int(Date().timeIntervalSince1970)))
        return .outcome("outcome")
    }
}

/// OTP Email Sender: emails the one-time password to the shared `emailAddress`, else the
/// collected or the user's `emailAttribute` (to the outbox); the content's `{{OTP}}` is the code.
struct OneTimePasswordMailer: NodeBehaviour {
    func process(_ call: inout NodeCall) async -> NodeResult {
        guard let code = call.state.value("oneTimePassword")?.string else { return .refuse("One time password not found") }
        let attribute = call["emailAttribute"]?.string ?? "mail"
        var recipient = call.state.shared["emailAddress"]?.string ?? call.state.objectAttribute(attribute)?.string
        if recipient == nil, let username = call.state.username {
            recipient = await call.environment.directory.user(named: username)?.attribute(attribute)?.string
            if let recipient { call.state.setShared("emailAddress", .string(recipient)) }
        }
        guard let recipient, !recipient.isEmpty else { return .refuse("there is no email address to send the one time password to") }
        let content = call.text("emailContent", default: "Your One Time Password: {{OTP}}")
        let text = content.contains("{{OTP}}") ? content.replacingOccurrences(of: "{{OTP}}", with: code) : "\(content) \(code)"
        let subject = call.text("emailSubject", default: "One Time Password")
        await call.environment.outbox.record(DemoEmail(to: recipient, sentAt: Date(), subject: subject, resumeURL: "", text: text))
        return .outcome("outcome")
    }
}

/// OTP Collector Decision: a `PasswordCallback`; `true` when the code is the one made, within
/// `passwordExpiryTime` minutes (5 unless configured), and the code is spent.
struct OneTimePasswordCollector: NodeBehaviour {
    func process(_ call: inout NodeCall) async -> NodeResult {
        guard let entered = call.answers?.string(0), !entered.isEmpty else { return .ask([.password(prompt: "One Time Password")]) }
        guard let code = call.state.value("oneTimePassword")?.string, let made = call.state.value("oneTimePasswordTimestamp")?.int else {
            return .outcome("false")
        }
        let expiry = (call["passwordExpiryTime"]?.int ?? 5) * 60
        guard entered == code, Int(Date().timeIntervalSince1970) < made + expiry else { return .outcome("false") }
        call.state.setSecret("oneTimePassword", .null)
        return .outcome("true")
    }
}
